import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * What the readiness answer asks of the database, in two read-only queries that work on MySQL/MariaDB and SQLite.
 * TypeORM's showMigrations() is not used: it creates the migrations table when it is missing and logs every migration.
 */
@Injectable()
export class DatabaseProbe {
  constructor(private readonly ds: DataSource) {}

  /** Throws when the database does not answer (pool closed, server down, network gone). */
  async ping(): Promise<void> {
    await this.ds.query('SELECT 1');
  }

  /** The names of this build's migrations that the database has not recorded as run, oldest first. */
  async pendingMigrations(): Promise<string[]> {
    const table = this.ds.driver.escape(this.ds.options.migrationsTableName ?? 'migrations');
    let applied: Set<string>;
    try {
      applied = new Set((await this.ds.query<{ name: string }[]>(`SELECT name FROM ${table}`)).map((r) => r.name));
    } catch (err) {
      // The database answered ping() a moment ago: a missing table means nothing was ever migrated; anything else is the database's.
      if (!/no such table|doesn't exist/i.test((err as Error).message)) throw err;
      applied = new Set();
    }
    return this.ds.migrations.map((m) => m.name ?? m.constructor.name).filter((name) => !applied.has(name));
  }
}
