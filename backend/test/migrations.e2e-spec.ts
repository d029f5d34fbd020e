import { withMigratedDatabase } from './support/test-database';

/** The migration builds the schema and its down() removes it again, on the database under test. */
describe('migrations', () => {
  it('creates every table with the filter indexes, reverts every migration cleanly and re-applies them', async () => {
    await withMigratedDatabase('migrations', async (ds) => {
      const tables = ['categories', 'counties', 'users', 'posts', 'articles', 'videos', 'audios', 'enquiries', 'stat_days', 'daily_marks', 'signup_codes', 'refresh_tokens', 'password_resets', 'rate_events', 'mail_outbox', 'contact_messages', 'crosfhocal_entries'];
      const qr = ds.createQueryRunner();
      for (const table of tables) expect(await qr.hasTable(table)).toBe(true);
      const posts = await qr.getTable('posts');
      expect(posts!.indices.map((i) => i.name)).toEqual(
        expect.arrayContaining(['IDX_posts_status_category_county_price', 'IDX_posts_status_county_price']),
      );
      expect(await ds.showMigrations()).toBe(false);

      for (let i = 0; i < ds.migrations.length; i++) await ds.undoLastMigration({ transaction: 'each' });
      for (const table of tables) expect(await qr.hasTable(table)).toBe(false);
      await ds.runMigrations({ transaction: 'each' });
      expect(await qr.hasTable('posts')).toBe(true);
      await qr.release();
    });
  });
});
