import type { QueryRunner } from 'typeorm';

/**
 * Adding and dropping columns with plain ALTER TABLE on both engines. On SQLite, TypeORM's addColumn/dropColumn copy
 * the whole table instead: the copy is built from its cached idea of the table (stale after any plain SQL, and blind to
 * unquoted column names, which lost users.token_version), and dropping the old table deletes the rows that reference it
 * ON DELETE CASCADE (logins, codes). SQLite has altered columns in place since 3.35.
 */
export interface InPlaceColumn {
  name: string;
  /** The SQL type, the same on both engines (varchar(190), datetime, int, boolean). */
  type: string;
  nullable?: boolean;
  default?: number | boolean;
}

const isSqlite = (q: QueryRunner) => q.connection.options.type === 'better-sqlite3';

export async function addColumnsInPlace(q: QueryRunner, table: string, columns: InPlaceColumn[]): Promise<void> {
  const e = (name: string) => q.connection.driver.escape(name);
  for (const c of columns) {
    // Defaults as TypeORM writes them itself, so the schema reads back the same as one it made: (false) on SQLite, 0 on MySQL.
    const value = c.default === undefined ? '' : isSqlite(q) ? ` DEFAULT (${String(c.default)})` : ` DEFAULT ${Number(c.default)}`;
    const type = c.type === 'boolean' && !isSqlite(q) ? 'tinyint' : c.type;
    await q.query(`ALTER TABLE ${e(table)} ADD COLUMN ${e(c.name)} ${type}${c.nullable ? ' NULL' : ' NOT NULL'}${value}`);
  }
  // TypeORM's cache of the table is stale now; reading it afresh keeps a later addColumn of this run from undoing ours.
  await q.getTable(table);
}

export async function dropColumnsInPlace(q: QueryRunner, table: string, names: string[]): Promise<void> {
  const e = (name: string) => q.connection.driver.escape(name);
  for (const name of names) await q.query(`ALTER TABLE ${e(table)} DROP COLUMN ${e(name)}`);
  await q.getTable(table);
}
