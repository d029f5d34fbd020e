import type { Lang } from './lang';

/** The months in each language, as CLDR's long dates name them (Irish: an Caighdeán's names, capitalised). */
const MONTHS: Record<Lang, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ga: ['Eanáir', 'Feabhra', 'Márta', 'Aibreán', 'Bealtaine', 'Meitheamh', 'Iúil', 'Lúnasa', 'Meán Fómhair', 'Deireadh Fómhair', 'Samhain', 'Nollaig'],
};
const HOUR_MS = 3_600_000;

/**
 * An article's date as its pages show it, "26 September 2026" ("26 Meán Fómhair 2026" in Irish), on the Irish
 * calendar: what `toLocaleDateString('en-IE' or 'ga-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone:
 * 'Europe/Dublin' })` writes, without Intl (and without the browser's locale data, which may lack Irish). The first Intl call of a page loads the locale's data (about 80 ms of Lighthouse's 4x-slowed main
 * thread when /articles or an article hydrates). Fixed to Dublin's time, as the billing dates are, so the server and
 * every visitor's browser write the same text (an article published at 23:30 UTC on 1 May is dated 2 May, as it was
 * already in Ireland).
 */
export function articleDate(iso: string, lang: Lang = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  const irish = new Date(d.getTime() + dublinOffsetHours(d) * HOUR_MS);
  return `${irish.getUTCDate()} ${MONTHS[lang][irish.getUTCMonth()]} ${irish.getUTCFullYear()}`;
}

/**
 * Ireland's offset from UTC: an hour of summer time (Irish Standard Time) from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, the EU's rule since 1996; none (GMT) otherwise.
 */
function dublinOffsetHours(d: Date): number {
  const year = d.getUTCFullYear();
  const lastSundayAt1 = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const t = d.getTime();
  return t >= lastSundayAt1(2) && t < lastSundayAt1(9) ? 1 : 0;
}
