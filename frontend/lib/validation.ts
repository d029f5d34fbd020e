import { NEW_PASSWORD_PATTERN } from '@directory/domain';

/** Client-side checks with the spec's exact messages (typos included). */
export const MSG = {
  startEmail: 'Please enter an email!',
  loginEmail: 'Please enter email!',
  notEmail: "That's not an email!",
  loginPassword: 'Please enter password!',
  terms: 'Please check the terms and privacy box!',
  signUpPassword: 'Please enter a passoword!',
  passwordRule: 'Password must have 8 characters with a number!',
  signUpEmail: 'Please enter an email!',
  fullName: 'Please enter your full name!',
  properName: 'Please enter a proper full name!',
  allNumbers: 'Please enter all 4 numbers!',
  numbers: 'You must enter numbers!',
  resetEmail: 'please enter email!',
  resetNotEmail: "that's not an email!",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (v: string) => EMAIL.test(v.trim());
/** The API's rule for a new password (8 to 200 characters, a letter and a number), so the form refuses what it would. */
const PASSWORD = NEW_PASSWORD_PATTERN;

export type Errors<K extends string> = Partial<Record<K, string>>;

export function checkLogin(v: { email: string; password: string }): Errors<'email' | 'password'> {
  const e: Errors<'email' | 'password'> = {};
  if (!v.email.trim()) e.email = MSG.loginEmail;
  else if (!isEmail(v.email)) e.email = MSG.notEmail;
  if (!v.password) e.password = MSG.loginPassword;
  return e;
}

export function checkNewPassword(password: string): string | undefined {
  if (!password) return MSG.signUpPassword;
  if (!PASSWORD.test(password)) return MSG.passwordRule;
  return undefined;
}

export function checkSignUp(v: { fullName: string; email: string; password: string; terms: boolean }): Errors<'fullName' | 'email' | 'password' | 'terms'> {
  const e: Errors<'fullName' | 'email' | 'password' | 'terms'> = {};
  const name = v.fullName.trim();
  if (!name) e.fullName = MSG.fullName;
  else if (name.split(/\s+/).length < 2) e.fullName = MSG.properName;
  if (!v.email.trim()) e.email = MSG.signUpEmail;
  else if (!isEmail(v.email)) e.email = MSG.notEmail;
  const pw = checkNewPassword(v.password);
  if (pw) e.password = pw;
  if (!v.terms) e.terms = MSG.terms;
  return e;
}

/** 'Aoife Ní Bhriain' -> first 'Aoife', last 'Ní Bhriain' (the first word, then the rest). */
export function splitName(full: string): { first_name: string; last_name: string } {
  const [first, ...rest] = full.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** Four boxes, one digit each; a zero counts as not a number. */
export function checkCode(digits: string[]): string | undefined {
  if (digits.length !== 4 || digits.some((d) => d.trim() === '')) return MSG.allNumbers;
  if (digits.some((d) => !/^[1-9]$/.test(d))) return MSG.numbers;
  return undefined;
}

export function checkResetEmail(email: string): string | undefined {
  if (!email.trim()) return MSG.resetEmail;
  if (!isEmail(email)) return MSG.resetNotEmail;
  return undefined;
}
