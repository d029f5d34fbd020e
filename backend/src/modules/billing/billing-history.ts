import { createHash } from 'node:crypto';

/** Mail providers that ignore dots in the local part and treat googlemail.com as gmail.com. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * An email address as one mailbox: trimmed, Unicode NFKC, lowercase; a "+tag" dropped from the local part on every
 * domain (plus addressing delivers to the same mailbox at Gmail, Outlook, iCloud, Fastmail, Proton and most others, and
 * a "+" that is really part of a mailbox name is rare); on gmail.com and googlemail.com the dots of the local part too,
 * and googlemail.com read as gmail.com. So "A.Lister+trial@GoogleMail.com " and "alister@gmail.com" are one lister.
 * An address without a single "@" is kept as it is (after trimming and lowercasing).
 */
export function normalisedEmail(email: string): string {
  const address = email.normalize('NFKC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS[domain]) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}

/**
 * What billing_history is keyed on: SHA-256 of the normalised address (with a fixed prefix of this use). The row
 * outlives the account, so the address itself is never stored; the hash can only confirm an address already known.
 */
export const emailKey = (email: string): string => createHash('sha256').update(`directory-billing-history:${normalisedEmail(email)}`).digest('hex');
