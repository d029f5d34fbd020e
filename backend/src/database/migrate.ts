import { createHash } from 'node:crypto';
import type { DataSource, Migration } from 'typeorm';

/** How long a starter waits for another one's migrations by default (MIGRATION_LOCK_TIMEOUT_SECONDS). */
export const DEFAULT_MIGRATION_LOCK_SECONDS = 300;

export class MigrationLockTimeout extends Error {}

/**
 * Applies the pending migrations, each in its own transaction: the one place migrations run (the CLI that every API
 * replica runs before it starts, and the tests' setup).
 *
 * On MySQL/MariaDB several replicas may start at once on one database: each takes the named lock
 * `<database>:migrations` (GET_LOCK, held by one dedicated connection) before it looks at what is pending, so the first
 * applies the migrations while the others wait, then find nothing pending and go on. A starter that waits longer than
 * `lockSeconds` fails with a MigrationLockTimeout naming the lock. The lock is the server's, not a row: it ends with
 * the connection, so a migrator that dies leaves no stale lock behind.
 *
 * SQLite needs no lock: its database is one file used by one API process (better-sqlite3 runs one statement at a time).
 */
export async function runPendingMigrations(ds: DataSource, lockSeconds = DEFAULT_MIGRATION_LOCK_SECONDS): Promise<Migration[]> {
  return withMigrationLock(ds, lockSeconds, () => ds.runMigrations({ transaction: 'each' }));
}

/** Reverts the last migration, under the same lock. */
export async function revertLastMigration(ds: DataSource, lockSeconds = DEFAULT_MIGRATION_LOCK_SECONDS): Promise<void> {
  await withMigrationLock(ds, lockSeconds, () => ds.undoLastMigration({ transaction: 'each' }));
}

async function withMigrationLock<T>(ds: DataSource, lockSeconds: number, work: () => Promise<T>): Promise<T> {
  if (ds.options.type !== 'mysql' && ds.options.type !== 'mariadb') return work();
  const runner = ds.createQueryRunner('master');
  await runner.connect();
  try {
    const [{ db }] = await runner.query('SELECT DATABASE() AS db');
    const lock = migrationLockName(String(db));
    const [{ got }] = await runner.query('SELECT GET_LOCK(?, ?) AS got', [lock, lockSeconds]);
    if (Number(got) !== 1) {
      throw new MigrationLockTimeout(
        `Migrations not run: another process has held the lock '${lock}' for over ${lockSeconds} s (is a migration still running? ` +
          `SELECT IS_USED_LOCK('${lock}') names its connection). Raise MIGRATION_LOCK_TIMEOUT_SECONDS to wait longer.`,
      );
    }
    try {
      return await work();
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    }
  } finally {
    await runner.release();
  }
}

/** MySQL lock names are at most 64 characters; a database name can be 64 on its own. */
export function migrationLockName(database: string): string {
  const name = `${database}:migrations`;
  return name.length <= 64 ? name : `migrations:${createHash('sha256').update(database).digest('hex').slice(0, 40)}`;
}
