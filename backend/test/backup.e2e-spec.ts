import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { type DatabaseConfig, loadConfig } from '../src/config/configuration';
import { backup, restore } from '../src/database/backup';
import { createDataSource } from '../src/database/data-source';
import { seedDatabase } from '../tools/seed/seed';
import { startApp, TEST_JWT_SECRET } from './support/app';
import { createTestDatabase, dropTestDatabase, migrate, useSqlite } from './support/test-database';

const ENGINE = useSqlite() ? 'SQLite' : 'MariaDB';

/**
 * `npm run backup` and `npm run restore` on the run's engine (mariadb-dump and the mariadb client on MariaDB, SQLite's
 * online backup API with TEST_DB=sqlite): a seeded database and its storage directory, backed up, restored into a fresh
 * database and directory, read back the same, through the database and through the API.
 */
describe(`backup and restore (${ENGINE})`, () => {
  const work = mkdtempSync(join(tmpdir(), 'directory-backup-test-'));
  const dirs = { sourceStorage: join(work, 'storage'), targetStorage: join(work, 'restored-storage'), backups: join(work, 'backups') };
  const photo = Buffer.from(`a listing photo ${Date.now()}`);
  let source: DatabaseConfig;
  let target: DatabaseConfig;
  let files: { database: string; storage: string | null };

  const configFor = (db: DatabaseConfig, storageDir: string) =>
    loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      ...(db.type === 'mysql' ? { DATABASE_URL: db.url } : { SQLITE_PATH: db.path }),
      STORAGE_DIR: storageDir,
      BACKUP_DIR: dirs.backups,
    });
  const envFor = (db: DatabaseConfig): Record<string, string> => (db.type === 'mysql' ? { DATABASE_URL: db.url } : { SQLITE_PATH: db.path });
  async function withDataSource<T>(db: DatabaseConfig, use: (ds: DataSource) => Promise<T>): Promise<T> {
    const ds = createDataSource(db);
    await ds.initialize();
    try {
      return await use(ds);
    } finally {
      await ds.destroy();
    }
  }
  /** Every table with its row count, and the listings and users row by row. */
  const contents = (db: DatabaseConfig) =>
    withDataSource(db, async (ds) => {
      const tables = ds.entityMetadatas.map((m) => m.tableName).concat('migrations').sort();
      const counts: Record<string, number> = {};
      for (const table of tables) counts[table] = Number((await ds.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
      return { counts, posts: await ds.query('SELECT * FROM posts ORDER BY id'), users: await ds.query('SELECT id, email, role FROM users ORDER BY id') };
    });

  beforeAll(async () => {
    source = await createTestDatabase('backup_src');
    await migrate(source);
    await withDataSource(source, (ds) => seedDatabase(ds, { site: 'church', posts: 40, hiddenSlugExtract: 'hidden-listing' }));
    mkdirSync(join(dirs.sourceStorage, 'library'), { recursive: true });
    writeFileSync(join(dirs.sourceStorage, 'library', 'aoife-harpist-one-680x588.webp'), photo);
    target = await createTestDatabase('backup_dst');
  });
  afterAll(async () => {
    for (const db of [source, target]) if (db) await dropTestDatabase(db);
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up the database and the storage directory to dated files in BACKUP_DIR', async () => {
    files = await backup(configFor(source, dirs.sourceStorage), new Date('2026-11-22T21:42:05.123Z'));
    const name = source.type === 'mysql' ? new URL(source.url).pathname.slice(1) : 'test';
    expect(basename(files.database)).toBe(`${name}-20261122T214205Z.${source.type === 'mysql' ? 'sql' : 'sqlite'}.gz`);
    expect(basename(files.storage!)).toBe(`${name}-20261122T214205Z.storage.tar.gz`);
    const raw = gunzipSync(readFileSync(files.database));
    if (source.type === 'mysql') expect(raw.toString()).toContain('CREATE TABLE `posts`');
    else expect(raw.subarray(0, 16).toString()).toBe('SQLite format 3\0');
    await expect(backup(configFor(source, dirs.sourceStorage), new Date('2026-11-22T21:42:05.900Z'))).rejects.toThrow('already exists');
  });

  it('restores into a fresh database and storage directory: the same tables, rows and files, and the API serves the same listings', async () => {
    await restore(configFor(target, dirs.targetStorage), files.database, { storage: files.storage! });
    const [before, after] = [await contents(source), await contents(target)];
    expect(after.counts).toEqual(before.counts);
    expect(after.counts.posts).toBe(40);
    expect(after.posts).toEqual(before.posts);
    expect(after.users).toEqual(before.users);
    expect(readFileSync(join(dirs.targetStorage, 'library', 'aoife-harpist-one-680x588.webp'))).toEqual(photo);

    const listings = async (db: DatabaseConfig, storageDir: string) => {
      const t = await startApp('church', { ...envFor(db), STORAGE_DIR: storageDir });
      try {
        const posts = (await t.http().get('/api/posts/?limit=40').expect(200)).body;
        const photoAnswer = await t.http().get('/storage/library/aoife-harpist-one-680x588.webp').buffer(true).expect(200);
        return { posts, counties: (await t.http().get('/api/counties/').expect(200)).body, photo: photoAnswer.body as Buffer };
      } finally {
        await t.close();
      }
    };
    const [served, restored] = [await listings(source, dirs.sourceStorage), await listings(target, dirs.targetStorage)];
    expect(restored.posts.length).toBeGreaterThan(10);
    expect(restored).toEqual(served);
  });

  it('refuses to restore into a database that holds data, or over stored files, unless forced; forced, it replaces them', async () => {
    const config = configFor(target, dirs.targetStorage);
    await expect(restore(config, files.database)).rejects.toThrow(/already holds \d+ tables: restore refused\. Restore into an empty database, or add --force/);
    await withDataSource(target, (ds) => ds.query('DELETE FROM enquiries'));
    await withDataSource(target, async (ds) => {
      const [{ id }] = await ds.query('SELECT id FROM posts ORDER BY id LIMIT 1');
      await ds.query('DELETE FROM audios WHERE post_id = ?', [id]);
      await ds.query('DELETE FROM videos WHERE post_id = ?', [id]);
      await ds.query('DELETE FROM posts WHERE id = ?', [id]);
    });
    expect((await contents(target)).counts.posts).toBe(39);

    // A fresh database, but storage files in the way.
    const empty = await createTestDatabase('backup_empty');
    try {
      await expect(restore(configFor(empty, dirs.targetStorage), files.database, { storage: files.storage! })).rejects.toThrow(/storage directory .* is not empty: restore refused/);
      expect((await withDataSource(empty, (ds) => ds.query(source.type === 'mysql' ? 'SHOW TABLES' : "SELECT name FROM sqlite_master WHERE type = 'table'"))).length).toBe(0);
    } finally {
      await dropTestDatabase(empty);
    }

    await restore(config, files.database, { storage: files.storage!, force: true });
    expect(await contents(target)).toEqual(await contents(source));
  });

  it('says what is wrong with a file that is not a backup of this engine', async () => {
    const config = configFor(target, dirs.targetStorage);
    await expect(restore(config, join(work, 'missing.sql.gz'))).rejects.toThrow(`No backup at ${join(work, 'missing.sql.gz')}`);
    const other = join(work, source.type === 'mysql' ? 'x.sqlite.gz' : 'x.sql.gz');
    writeFileSync(other, '');
    await expect(restore(config, other)).rejects.toThrow(source.type === 'mysql' ? 'is a SQLite backup, but the configured database is MySQL/MariaDB' : 'is a MySQL/MariaDB dump, but the configured database is SQLite');
    const notOne = join(work, 'notes.txt');
    writeFileSync(notOne, 'hello');
    await expect(restore(config, notOne)).rejects.toThrow('is not a backup made by `npm run backup`');
    expect(existsSync(files.database)).toBe(true);
  });
});
