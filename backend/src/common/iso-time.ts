/** '00'..'99'. */
const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);
/** 10000-01-01T00:00:00Z: past it toISOString writes six-digit years. */
const YEAR_10000 = 253_402_300_800_000;
const DAY_MS = 86_400_000;

/**
 * The text of Date.prototype.toISOString (`2026-09-28T08:56:00.000Z`), made by arithmetic: a list page writes two
 * dates per post, and the builtin (about 450 ns each) was a twentieth of a cold page's API time (docs/performance.md). Dates
 * before 1970 or from year 10000 on, and invalid ones (which throw), are left to the builtin.
 */
export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= 0 && ms < YEAR_10000)) return date.toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // The civil date of a day count (H. Hinnant's days_from_civil, inverted), in eras of 400 years from 0000-03-01.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * m + 2) / 5) + 1;
  const month = m < 10 ? m + 3 : m - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const yyyy = year < 10 ? `000${year}` : year < 100 ? `00${year}` : year < 1000 ? `0${year}` : String(year);
  return `${yyyy}-${TWO[month]}-${TWO[day]}T${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
