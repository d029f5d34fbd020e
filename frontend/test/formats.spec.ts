import { formatEuro, readableDay } from '@directory/domain';
import { articleDate } from '../lib/dates';

// The pages format prices and article dates without Intl (its first call in a page costs the hydration tens of ms);
// the texts must stay exactly what Intl's en-IE formats wrote before.
describe('formats written without Intl', () => {
  it('formatEuro writes what en-IE toLocaleString with at most 2 decimals wrote, for every amount in cents', () => {
    const intl = (cents: number) => `€${(cents / 100).toLocaleString('en-IE', { maximumFractionDigits: 2 })}`;
    const amounts = [0, 1, 9, 10, 50, 99, 100, 101, 110, 950, 999, 2000, 20000, 99999, 100000, 123456, 1000000, 123456789, -1, -950, -123456];
    for (let cents = 0; cents < 30000; cents += 7) amounts.push(cents);
    for (const cents of amounts) expect([cents, formatEuro(cents)]).toEqual([cents, intl(cents)]);
    expect(formatEuro(2000)).toBe('€20');
    expect(formatEuro(950)).toBe('€9.5');
    expect(formatEuro(125099)).toBe('€1,250.99');
    // Irish pages write amounts as Ireland's English does: ga-IE's grouping and decimal marks are the same.
    const irish = (cents: number) => `€${(cents / 100).toLocaleString('ga-IE', { maximumFractionDigits: 2 })}`;
    for (const cents of amounts) expect([cents, formatEuro(cents)]).toEqual([cents, irish(cents)]);
  });

  it('articleDate writes Irish long dates as ga-IE does: the day, the Irish month, the year', () => {
    const intl = (iso: string) => new Date(iso).toLocaleDateString('ga-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 * 3 + 3_600_000 * 5 + 59_000) {
      const iso = new Date(t).toISOString();
      expect([iso, articleDate(iso, 'ga')]).toEqual([iso, intl(iso)]);
    }
    expect(articleDate('2026-09-26T10:00:00.000Z', 'ga')).toBe('26 Meán Fómhair 2026');
  });

  it("articleDate writes the date in Dublin as en-IE long dates do, whatever the time of day and the browser's zone", () => {
    const intl = (iso: string) => new Date(iso).toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
    // Every few days at a moving time of day over three years (a leap year among them)...
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 * 5 + 3_600_000 * 7 + 59_000) {
      const iso = new Date(t).toISOString();
      expect([iso, articleDate(iso)]).toEqual([iso, intl(iso)]);
    }
    // ...and around every change of the clocks from 1997 to 2040, either side of midnight.
    for (let year = 1997; year <= 2040; year++) {
      for (const month of [2, 9]) {
        for (let day = 24; day <= 31; day++) {
          for (const [h, m] of [[0, 30], [0, 59], [1, 0], [1, 30], [22, 59], [23, 0], [23, 30]]) {
            const iso = new Date(Date.UTC(year, month, day, h, m)).toISOString();
            expect([iso, articleDate(iso)]).toEqual([iso, intl(iso)]);
          }
        }
      }
    }
    expect(articleDate('2026-09-26T10:00:00.000Z')).toBe('26 September 2026');
    // Summer: 23:30 UTC is already the next day in Ireland; winter: it is not.
    expect(articleDate('2026-05-01T23:30:00.000Z')).toBe('2 May 2026');
    expect(articleDate('2026-12-01T23:30:00.000Z')).toBe('1 December 2026');
  });

  it('readableDay writes an event date as people read it, the same as en-GB Intl with a short weekday, in any zone', () => {
    expect(readableDay('2027-06-12')).toBe('Sat 12 June 2027');
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000 * 3) {
      const day = new Date(t).toISOString().slice(0, 10);
      const intl = new Date(t).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(',', '');
      expect([day, readableDay(day)]).toEqual([day, intl]);
    }
    // Not a day: left as it is.
    expect(['', 'soon', '2027-02-30'].map(readableDay)).toEqual(['', 'soon', '2027-02-30']);
  });
});
