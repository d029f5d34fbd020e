import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The list of common passwords that zxcvbn-ts maintains (@zxcvbn-ts/language-common: about 49,000 passwords from
 * public breach lists, lower case, shipped inside the package so nothing is fetched at run time). The only file that
 * imports it. The set is built on the first check, not at boot: only sign-ups and password changes need it.
 */
let common: Set<string> | undefined;

/** Whether password is on the list, letter case aside ("Password1" is as guessable as "password1"). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
  return common.has(password.toLowerCase());
}
