import type { DataSource } from 'typeorm';
import { ControlPanel1764400000000 } from '../src/database/migrations/1764400000000-ControlPanel';
import { undoThrough, withMigratedDatabase } from './support/test-database';

const columns = async (ds: DataSource, table: string) => (await ds.createQueryRunner().getTable(table))!.columns.map((c) => c.name);

/** The control panel's columns come and go in place, keeping every other column and the rows that hang off users. */
describe(ControlPanel1764400000000.name, () => {
  it('adds and removes its columns without touching the rest of users, and restores a lost token_version on SQLite', async () => {
    await withMigratedDatabase('cpmigration', async (ds) => {
      expect(await columns(ds, 'users')).toEqual(expect.arrayContaining(['token_version', 'free_for_life', 'pending_email', 'pending_email_code_hash', 'pending_email_expires_at', 'pending_email_tries']));
      expect(await columns(ds, 'enquiries')).toContain('read_at');
      await ds.query("INSERT INTO users (email, username, first_name, last_name, role, is_active) VALUES ('a@example.ie', 'a@example.ie', 'A', 'B', 'member', 1)");
      const [{ id }] = await ds.query("SELECT id FROM users WHERE email = 'a@example.ie'");
      await ds.query("INSERT INTO refresh_families (id, user_id, token_version, expires_at) VALUES ('fam-1', ?, 0, '2099-01-01 00:00:00')", [id]);

      await undoThrough(ds, ControlPanel1764400000000.name);
      expect(await columns(ds, 'users')).not.toContain('pending_email');
      expect(await columns(ds, 'enquiries')).not.toContain('read_at');
      expect(await columns(ds, 'users')).toEqual(expect.arrayContaining(['token_version', 'free_for_life']));
      expect(await ds.query('SELECT id FROM refresh_families')).toHaveLength(1);

      // A SQLite database migrated while FreeForLife still copied the table had lost token_version: it comes back.
      if (ds.options.type === 'better-sqlite3') await ds.query('ALTER TABLE "users" DROP COLUMN "token_version"');
      await ds.runMigrations({ transaction: 'each' });
      expect(await columns(ds, 'users')).toEqual(expect.arrayContaining(['token_version', 'free_for_life', 'pending_email']));
      expect(await ds.query('SELECT id FROM refresh_families')).toHaveLength(1);
      expect(await ds.query('SELECT token_version FROM users WHERE id = ?', [id])).toEqual([{ token_version: 0 }]);
    });
  });
});
