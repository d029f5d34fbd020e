import type { DataSource } from 'typeorm';
import { SessionFamilies1764100000000 } from '../src/database/migrations/1764100000000-SessionFamilies';
import { readTime, sqlTime } from './support/accounts';
import { withMigratedDatabase } from './support/test-database';

const DAY = 86_400_000;

/** Reverts migrations, newest first, until this one is undone too (later migrations may follow it). */
async function revertThrough(ds: DataSource, name: string): Promise<void> {
  const applied = async () => ((await ds.query('SELECT name FROM migrations')) as { name: string }[]).map((m) => m.name);
  while ((await applied()).includes(name)) await ds.undoLastMigration({ transaction: 'each' });
}

/** Sessions open when the token families arrive keep working, revoked ones stay revoked, and down() puts that back. */
describe(SessionFamilies1764100000000.name, () => {
  it('gives existing refresh tokens a family each, revoked when any of its tokens was, and its down() restores the tokens', async () => {
    await withMigratedDatabase('sessions', async (ds) => {
      await revertThrough(ds, SessionFamilies1764100000000.name);
      await ds.query("INSERT INTO users (email, username, first_name, last_name, role, is_active) VALUES ('a@example.ie', 'a@example.ie', 'A', 'B', 'member', 1)");
      const [{ id: userId }] = await ds.query("SELECT id FROM users WHERE email = 'a@example.ie'");
      const token = (family: string, hash: string, expiresIn: number, revoked: boolean) =>
        ds.query('INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)', [userId, family, hash, sqlTime(expiresIn), revoked ? sqlTime(-1000) : null]);
      await token('live-family', 'h1', 10 * DAY, false);
      await token('live-family', 'h2', 20 * DAY, false);
      await token('stolen-family', 'h3', 20 * DAY, false);
      await token('stolen-family', 'h4', 25 * DAY, true);

      await ds.runMigrations({ transaction: 'each' });
      const families = await ds.query('SELECT id, user_id, expires_at, revoked_at FROM refresh_families ORDER BY id');
      expect(families.map((f: { id: string; revoked_at: unknown }) => [f.id, f.revoked_at === null])).toEqual([['live-family', true], ['stolen-family', false]]);
      expect(Math.abs(readTime(families[0].expires_at) - (Date.now() + 20 * DAY))).toBeLessThan(60_000);

      await revertThrough(ds, SessionFamilies1764100000000.name);
      const tokens = await ds.query('SELECT token_hash, revoked_at FROM refresh_tokens ORDER BY token_hash');
      expect(tokens.map((t: { token_hash: string; revoked_at: unknown }) => [t.token_hash, t.revoked_at === null])).toEqual([['h1', true], ['h2', true], ['h3', false], ['h4', false]]);
    });
  });
});
