const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * An article's date as its pages show it, "26 September 2026": what
 * `toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })` writes, without
 * Intl. The first Intl call of a page loads the locale's data (about 80 ms of Lighthouse's 4x-slowed main thread when
 * /articles or an article hydrates). In UTC, as the server renders it, so the browser's time zone cannot make the
 * hydrated text differ from the server's.
 */
export function articleDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
