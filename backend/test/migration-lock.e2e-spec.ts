import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { getMetadataArgsStorage } from 'typeorm';
import type { DatabaseConfig } from '../src/config/configuration';
import { createDataSource, ENTITIES, MIGRATIONS } from '../src/database/data-source';
import { migrationLockName, runPendingMigrations } from '../src/database/migrate';
import { createTestDatabase, dropTestDatabase, useSqlite } from './support/test-database';

const CLI = join(__dirname, '..', 'dist', 'database', 'cli.js');

interface Run {
  code: number;
  out: string;
}

/** The built migration CLI, as each API replica runs it before it starts (npm run build -w backend first). */
function migrateCli(db: DatabaseConfig, env: Record<string, string> = {}): Promise<Run> {
  if (db.type !== 'mysql') throw new Error('MySQL only');
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'migrate'], { env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: db.url, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

/** Every entity's table, as its @Entity names it. */
const tableNames = () => getMetadataArgsStorage().tables.filter((t) => (ENTITIES as unknown[]).includes(t.target)).map((t) => String(t.name));

// Only MySQL/MariaDB has several API processes on one database, so only there do migrations run under a lock.
if (!useSqlite()) {
  describe('migrations under a lock (MariaDB)', () => {
    let db: DatabaseConfig;

    beforeAll(() => {
      if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the API first (npm run build -w backend)`);
    });
    beforeEach(async () => {
      db = await createTestDatabase('miglock');
    });
    afterEach(async () => {
      await dropTestDatabase(db);
    });

    it('two replicas starting at once on a fresh database: both go on, every migration applied once, the schema complete', async () => {
      const runs = await Promise.all([migrateCli(db), migrateCli(db)]);
      for (const run of runs) expect(run).toMatchObject({ code: 0 });
      // One applied them all while the other waited for the lock, then found nothing pending.
      const outs = runs.map((r) => r.out.trim()).sort();
      expect(outs[0]).toBe(`Applied ${MIGRATIONS.map((m) => m.name).join(', ')}`);
      expect(outs[1]).toBe('Database schema is up to date');

      const conn = await createConnection({ uri: db.type === 'mysql' ? db.url : '' });
      try {
        const [applied] = await conn.query<any[]>('SELECT name, COUNT(*) AS n FROM migrations GROUP BY name ORDER BY name');
        expect(applied.map((r) => [r.name, Number(r.n)])).toEqual(MIGRATIONS.map((m) => [m.name, 1]).sort());
        const [tables] = await conn.query<any[]>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
        const present = new Set(tables.map((t) => t.name));
        expect(tableNames()).toHaveLength(ENTITIES.length);
        expect(tableNames().filter((t) => !present.has(t))).toEqual([]);
      } finally {
        await conn.end();
      }
    });

    it('a starter that cannot get the lock in time stops with an error naming the lock, and applies nothing', async () => {
      const name = new URL(db.type === 'mysql' ? db.url : '').pathname.slice(1);
      const holder = await createConnection({ uri: db.type === 'mysql' ? db.url : '' });
      try {
        const [[{ got }]] = await holder.query<any[]>('SELECT GET_LOCK(?, 0) AS got', [migrationLockName(name)]);
        expect(Number(got)).toBe(1);
        const run = await migrateCli(db, { MIGRATION_LOCK_TIMEOUT_SECONDS: '1' });
        expect(run.code).toBe(1);
        expect(run.out).toContain(`another process has held the lock '${name}:migrations' for over 1 s`);
        const [tables] = await holder.query<any[]>('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE()');
        expect(Number(tables[0].n)).toBe(0);
      } finally {
        await holder.end();
      }
      // Once the holder has gone, so has its lock: the next start migrates.
      expect(await migrateCli(db)).toMatchObject({ code: 0, out: expect.stringContaining('Applied') });
    });

    it('a lock name stays within MySQL’s 64 characters for the longest database names', () => {
      expect(migrationLockName('directory')).toBe('directory:migrations');
      const long = migrationLockName('d'.repeat(64));
      expect(long.length).toBeLessThanOrEqual(64);
      expect(long).not.toBe(migrationLockName(`${'d'.repeat(63)}e`));
    });
  });
} else {
  // SQLite: one file used by one API process, migrated without a lock by the same helper.
  describe('migrations on SQLite (no lock needed)', () => {
    it('applies every migration once on a fresh file, then nothing', async () => {
      const db = await createTestDatabase('miglock');
      const ds = createDataSource(db);
      await ds.initialize();
      try {
        expect((await runPendingMigrations(ds)).map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
        expect(await runPendingMigrations(ds)).toEqual([]);
        const rows = await ds.query('SELECT name FROM migrations');
        expect(rows).toHaveLength(MIGRATIONS.length);
      } finally {
        await ds.destroy();
        await dropTestDatabase(db);
      }
    });
  });
}
