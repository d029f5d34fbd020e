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

const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ga: ['Domh', 'Luan', 'Máirt', 'Céad', 'Déar', 'Aoine', 'Sath'],
};

/** A calendar day (YYYY-MM-DD) as the search by date names it: "Sat 20 June" ("Sath 20 Meitheamh"); the year only when not this one's. */
export function shortDay(day: string, lang: Lang = 'en', thisYear = new Date().getUTCFullYear()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const year = d.getUTCFullYear() === thisYear ? '' : ` ${d.getUTCFullYear()}`;
  return `${WEEKDAYS[lang][d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[lang][d.getUTCMonth()]}${year}`;
}

/** A month's name ("June", "Meitheamh") and the weekday initials from Monday, for the profile's small calendar. */
export const monthName = (month: number, lang: Lang = 'en') => MONTHS[lang][month];
export const WEEKDAY_INITIALS: Record<Lang, string[]> = { en: ['M', 'T', 'W', 'T', 'F', 'S', 'S'], ga: ['L', 'M', 'C', 'D', 'A', 'S', 'D'] };
