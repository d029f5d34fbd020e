import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../../src/config/configuration';
import { createDataSource } from '../../src/database/data-source';
import { runPendingMigrations } from '../../src/database/migrate';

/** Server for API tests; override with TEST_MYSQL_URL=mysql://user:pass@host:port */
export const MYSQL_SERVER = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const useSqlite = () => process.env.TEST_DB === 'sqlite';

/** Creates an empty database of its own (named after the run) and returns how to reach it. */
export async function createTestDatabase(label: string): Promise<DatabaseConfig> {
  if (useSqlite()) {
    const dir = mkdtempSync(join(tmpdir(), `directory-${label}-`));
    return { type: 'better-sqlite3', path: join(dir, 'test.sqlite') };
  }
  const name = `directory_${label}_${process.pid}_${Date.now().toString(36)}`;
  const conn = await connectServer();
  try {
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
  return { type: 'mysql', url: `${MYSQL_SERVER.replace(/\/+$/, '')}/${name}` };
}

export async function dropTestDatabase(db: DatabaseConfig): Promise<void> {
  if (db.type === 'better-sqlite3') {
    rmSync(join(db.path, '..'), { recursive: true, force: true });
    return;
  }
  const name = new URL(db.url).pathname.slice(1);
  const conn = await connectServer();
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await conn.end();
  }
}

export async function migrate(db: DatabaseConfig): Promise<void> {
  const ds = createDataSource(db);
  await ds.initialize();
  try {
    await runPendingMigrations(ds);
  } finally {
    await ds.destroy();
  }
}

/** Runs `use` on a new database with every migration applied (for tests of the migrations), then drops it. */
export async function withMigratedDatabase(label: string, use: (ds: DataSource) => Promise<void>): Promise<void> {
  const db = await createTestDatabase(label);
  const ds = createDataSource(db);
  await ds.initialize();
  try {
    await runPendingMigrations(ds);
    await use(ds);
  } finally {
    await ds.destroy();
    await dropTestDatabase(db);
  }
}

async function connectServer() {
  try {
    return await createConnection({ uri: MYSQL_SERVER, connectTimeout: 5000 });
  } catch (err) {
    throw new Error(
      `The API tests need MariaDB/MySQL at ${MYSQL_SERVER} (${(err as Error).message}).\n` +
        'Start it (on Debian: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd, or `make test`, which does this),\n' +
        'point TEST_MYSQL_URL at another server, or run the suite on SQLite with TEST_DB=sqlite.',
    );
  }
}

/** Reverts migrations, newest first, until the named one is undone too: a migration's test need not be the last one. */
export async function undoThrough(ds: DataSource, name: string): Promise<void> {
  while (Number((await ds.query('SELECT COUNT(*) AS n FROM migrations WHERE name = ?', [name]))[0].n) > 0) await ds.undoLastMigration({ transaction: 'each' });
}
