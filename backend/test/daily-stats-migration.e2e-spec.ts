import { category, COUNTIES, insert, post } from './support/fixtures';
import { undoThrough, withMigratedDatabase } from './support/test-database';

const MIGRATION = 'OutboxLeasesAndDailyStats1764200000000';

const day = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);

/** The switch from a stats row per event to a count per day keeps every count, both ways. */
describe('migration OutboxLeasesAndDailyStats', () => {
  it('sums the old stats rows into daily counts, and its down() turns them back into rows', async () => {
    await withMigratedDatabase('dailystats', async (ds) => {
      // The listing is made on today's schema (its entity has today's columns); the later migrations keep it on the way down.
      const ids = await insert(ds, { counties: COUNTIES, categories: [category(1, 'harpists', 'Harpists')], posts: [post('harpist', 1, 'cork')] });
      await undoThrough(ds, MIGRATION);
      const events = [['view', '2026-03-01 09:00:00'], ['view', '2026-03-01 21:30:00'], ['view', '2026-03-02 10:00:00'], ['enquiry', '2026-03-01 12:00:00']];
      for (const [kind, at] of events) await ds.query('INSERT INTO stats (post_id, kind, created_at) VALUES (?, ?, ?)', [ids.harpist, kind, at]);

      await ds.runMigrations({ transaction: 'each' });
      const days = await ds.query('SELECT post_id, kind, day, total FROM stat_days ORDER BY kind, day');
      expect(days.map((d: { kind: string; day: unknown; total: number }) => [d.kind, day(d.day), Number(d.total)])).toEqual([
        ['enquiry', '2026-03-01', 1],
        ['view', '2026-03-01', 2],
        ['view', '2026-03-02', 1],
      ]);

      await undoThrough(ds, MIGRATION);
      const rows = await ds.query('SELECT kind, created_at FROM stats ORDER BY kind, created_at');
      expect(rows.map((r: { kind: string; created_at: unknown }) => [r.kind, day(r.created_at)])).toEqual([
        ['enquiry', '2026-03-01'],
        ['view', '2026-03-01'],
        ['view', '2026-03-01'],
        ['view', '2026-03-02'],
      ]);
    });
  });
});
