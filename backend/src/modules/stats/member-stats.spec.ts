import { lastDays, lastMonths, tally } from './member-stats';

describe('member statistics', () => {
  const now = new Date('2026-02-03T23:59:00Z');

  it('counts back whole UTC days and months, oldest first, across a year end', () => {
    expect(lastDays(now, 4)).toEqual(['2026-01-31', '2026-02-01', '2026-02-02', '2026-02-03']);
    expect(lastMonths(now, 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastMonths(new Date('2026-03-31T12:00:00Z'), 2)).toEqual(['2026-02', '2026-03']);
  });

  it('sums daily counts per day and month, zero-filled, and leaves out what falls outside', () => {
    const rows = [
      { kind: 'view' as const, day: '2026-02-03', total: 2 },
      { kind: 'view' as const, day: '2026-02-01', total: 3 },
      { kind: 'enquiry' as const, day: '2026-02-03', total: 1 },
      { kind: 'view' as const, day: '2025-12-24', total: 7 },
      { kind: 'view' as const, day: '2024-01-01', total: 100 },
    ];
    const { days, months } = tally(rows, lastDays(now, 3), lastMonths(now, 3));
    expect(days).toEqual([
      { day: '2026-02-01', views: 3, enquiries: 0 },
      { day: '2026-02-02', views: 0, enquiries: 0 },
      { day: '2026-02-03', views: 2, enquiries: 1 },
    ]);
    expect(months).toEqual([
      { month: '2025-12', views: 7, enquiries: 0 },
      { month: '2026-01', views: 0, enquiries: 0 },
      { month: '2026-02', views: 5, enquiries: 1 },
    ]);
  });
});
