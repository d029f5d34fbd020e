import type { StatDayDto, StatMonthDto } from '@directory/domain';
import type { StatKind } from './stat-day.entity';

const DAY_MS = 86_400_000;

/** The last `n` UTC days up to today, oldest first (YYYY-MM-DD). */
export function lastDays(now: Date, n: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The last `n` UTC months up to this one, oldest first (YYYY-MM). */
export function lastMonths(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1 - i), 1)).toISOString().slice(0, 7));
}

/** Daily counts summed per day and per month over the given days and months, zero where nothing was counted. */
export function tally(rows: { kind: StatKind; day: string; total: number }[], days: string[], months: string[]): { days: StatDayDto[]; months: StatMonthDto[] } {
  const byDay = new Map(days.map((day) => [day, { day, views: 0, enquiries: 0 }]));
  const byMonth = new Map(months.map((month) => [month, { month, views: 0, enquiries: 0 }]));
  for (const r of rows) {
    const field = r.kind === 'view' ? 'views' : 'enquiries';
    const d = byDay.get(r.day);
    if (d) d[field] += r.total;
    const m = byMonth.get(r.day.slice(0, 7));
    if (m) m[field] += r.total;
  }
  return { days: [...byDay.values()], months: [...byMonth.values()] };
}
