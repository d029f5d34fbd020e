import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, chmodSync, constants, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import type { AppConfig } from '../config/configuration';

/**
 * Backups (`npm run backup`) and restores (`npm run restore -- <file>`): a dated, compressed dump of the database
 * (mysqldump or mariadb-dump with --single-transaction on MySQL/MariaDB, SQLite's online backup API on SQLite) and a
 * tar.gz of the storage directory beside it. The database password never appears on a command line: the MySQL tools
 * read it from an option file only this process can read, removed when they finish.
 */

/** A refusal or failure with a message for the person at the terminal. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupFiles {
  database: string;
  /** null when the storage directory does not exist (nothing uploaded yet). */
  storage: string | null;
}

/** 2026-11-22T21:42:05.123Z -> 20261122T214205Z: sorts by time, safe in any file name. */
export const backupStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export async function backup(config: AppConfig, at = new Date()): Promise<BackupFiles> {
  mkdirSync(config.backupDir, { recursive: true });
  const stamp = backupStamp(at);
  const db = config.database;
  const name = db.type === 'mysql' ? mysqlParts(db.url).database : basename(db.path, extname(db.path));
  const database = join(config.backupDir, `${name}-${stamp}.${db.type === 'mysql' ? 'sql' : 'sqlite'}.gz`);
  const storage = join(config.backupDir, `${name}-${stamp}.storage.tar.gz`);
  for (const file of [database, storage]) if (existsSync(file)) throw new BackupError(`${file} already exists: one backup a second at most`);

  if (db.type === 'mysql') await dumpMysql(db.url, database);
  else await backupSqlite(db.path, database);
  if (!existsSync(config.storageDir)) return { database, storage: null };
  await run('tar', ['-czf', `${storage}.partial`, '-C', config.storageDir, '.'], 'tar').catch((err) => {
    rmSync(`${storage}.partial`, { force: true });
    throw err;
  });
  chmodSync(`${storage}.partial`, 0o600);
  renameSync(`${storage}.partial`, storage);
  return { database, storage };
}

export interface RestoreOptions {
  /** The storage archive made with the dump: its files are unpacked into STORAGE_DIR. */
  storage?: string;
  /** Replace what is there: the database's tables are dropped first, the archive unpacked over the storage directory. */
  force?: boolean;
}

/** Restores a backup into the configured database (and storage directory); refuses one that holds data unless forced. */
export async function restore(config: AppConfig, file: string, options: RestoreOptions = {}): Promise<void> {
  const db = config.database;
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const kind = file.endsWith('.sql.gz') ? 'mysql' : file.endsWith('.sqlite.gz') ? 'better-sqlite3' : null;
  if (!kind) throw new BackupError(`${file} is not a backup made by \`npm run backup\` (a .sql.gz or .sqlite.gz file)`);
  if (kind !== db.type) {
    throw new BackupError(`${basename(file)} is a ${kind === 'mysql' ? 'MySQL/MariaDB dump' : 'SQLite backup'}, but the configured database is ${db.type === 'mysql' ? 'MySQL/MariaDB (DATABASE_URL)' : 'SQLite (SQLITE_PATH)'}`);
  }
  if (options.storage && !existsSync(options.storage)) throw new BackupError(`No storage archive at ${options.storage}`);

  // Every refusal before anything is changed.
  const tables = db.type === 'mysql' ? await mysqlTables(db.url) : sqliteTables(db.path);
  const target = db.type === 'mysql' ? `The database ${mysqlParts(db.url).database}` : `The database ${db.path}`;
  if (tables.length && !options.force) {
    throw new BackupError(`${target} already holds ${tables.length} tables: restore refused. Restore into an empty database, or add --force to drop its tables first.`);
  }
  const storageUsed = existsSync(config.storageDir) && readdirSync(config.storageDir).length > 0;
  if (options.storage && storageUsed && !options.force) {
    throw new BackupError(`The storage directory ${config.storageDir} is not empty: restore refused. Empty it, or add --force to unpack the archive over it.`);
  }

  if (db.type === 'mysql') await restoreMysql(db.url, file, tables);
  else await restoreSqlite(db.path, file);
  if (options.storage) {
    mkdirSync(config.storageDir, { recursive: true });
    await run('tar', ['-xzf', options.storage, '-C', config.storageDir, '--no-same-owner'], 'tar');
  }
}

// MySQL / MariaDB

interface MysqlParts {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

function mysqlParts(url: string): MysqlParts {
  const u = new URL(url);
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
  };
}

/** A [client] option file readable by this user only, so the password is on no command line; removed by `done`. */
function optionFile(p: MysqlParts): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'directory-backup-'));
  const path = join(dir, 'client.cnf');
  const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  // protocol=TCP: "localhost" reaches the same server as the API's TCP connection, not a local socket.
  const lines = ['[client]', `host=${quote(p.host)}`, `port=${p.port}`, `user=${quote(p.user)}`, 'protocol=TCP'];
  if (p.password) lines.push(`password=${quote(p.password)}`);
  writeFileSync(path, `${lines.join('\n')}\n`, { mode: 0o600 });
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The first of these programs on PATH: MariaDB's names first (Debian's default-mysql-client), then MySQL's. */
function program(names: string[]): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {
        /* not here */
      }
    }
  }
  throw new BackupError(`Neither ${names.join(' nor ')} is installed: install the MySQL/MariaDB client (Debian: apt-get install default-mysql-client)`);
}

async function dumpMysql(url: string, file: string): Promise<void> {
  const parts = mysqlParts(url);
  const dump = program(['mariadb-dump', 'mysqldump']);
  const options = optionFile(parts);
  const partial = `${file}.partial`;
  try {
    // One consistent snapshot without locking the API out (InnoDB); routines and triggers too; no tablespace
    // statements, which need the PROCESS privilege an application user does not have.
    const args = [`--defaults-extra-file=${options.path}`, '--single-transaction', '--routines', '--triggers', '--no-tablespaces', '--hex-blob', '--default-character-set=utf8mb4', parts.database];
    const child = spawn(dump, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr = collect(child.stderr);
    const exited = once(child, 'close');
    await pipeline(child.stdout, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const [code] = (await exited) as [number | null];
    if (code !== 0) throw new BackupError(`${basename(dump)} failed (exit ${code}): ${stderr().trim()}`);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    options.done();
  }
}

async function restoreMysql(url: string, file: string, existing: string[]): Promise<void> {
  const parts = mysqlParts(url);
  const client = program(['mariadb', 'mysql']);
  if (existing.length) await dropTables(url, existing);
  const options = optionFile(parts);
  try {
    const child = spawn(client, [`--defaults-extra-file=${options.path}`, '--default-character-set=utf8mb4', parts.database], { stdio: ['pipe', 'ignore', 'pipe'] });
    const stderr = collect(child.stderr);
    const exited = once(child, 'close');
    await pipeline(createReadStream(file), createGunzip(), child.stdin).catch((err: Error) => {
      // The client stopping early (a bad statement) closes its input: its own message says why.
      if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
    });
    const [code] = (await exited) as [number | null];
    if (code !== 0) throw new BackupError(`${basename(client)} failed to restore ${basename(file)} (exit ${code}): ${stderr().trim()}`);
  } finally {
    options.done();
  }
}

/** The database's tables and views; the database is created when it does not exist yet. */
async function mysqlTables(url: string): Promise<string[]> {
  const parts = mysqlParts(url);
  const conn = await createConnection({ host: parts.host, port: parts.port, user: parts.user, password: parts.password, connectTimeout: 5000 });
  try {
    const [schemas] = await conn.query('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [parts.database]);
    if (!(schemas as unknown[]).length) {
      await conn.query(`CREATE DATABASE \`${parts.database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      return [];
    }
    const [rows] = await conn.query('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [parts.database]);
    return (rows as { name: string }[]).map((r) => r.name);
  } finally {
    await conn.end();
  }
}

async function dropTables(url: string, tables: string[]): Promise<void> {
  const parts = mysqlParts(url);
  const conn = await createConnection({ host: parts.host, port: parts.port, user: parts.user, password: parts.password, database: parts.database });
  try {
    const [views] = await conn.query("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'VIEW'", [parts.database]);
    const viewNames = new Set((views as { name: string }[]).map((v) => v.name));
    const ident = (t: string) => `\`${t.replace(/`/g, '``')}\``;
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const t of tables) await conn.query(`DROP ${viewNames.has(t) ? 'VIEW' : 'TABLE'} IF EXISTS ${ident(t)}`);
    await conn.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await conn.end();
  }
}

// SQLite

/** SQLite's online backup: a consistent copy while the API keeps reading and writing. */
async function backupSqlite(path: string, file: string): Promise<void> {
  if (!existsSync(path)) throw new BackupError(`No SQLite database at ${path}`);
  const work = mkdtempSync(join(tmpdir(), 'directory-backup-'));
  try {
    const copy = join(work, 'copy.sqlite');
    const db = new Database(path, { fileMustExist: true });
    try {
      await db.backup(copy);
    } finally {
      db.close();
    }
    await pipeline(createReadStream(copy), createGzip(), createWriteStream(`${file}.partial`, { mode: 0o600 }));
    renameSync(`${file}.partial`, file);
  } catch (err) {
    rmSync(`${file}.partial`, { force: true });
    throw err;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function sqliteTables(path: string): string[] {
  if (!existsSync(path) || statSync(path).size === 0) return [];
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

async function restoreSqlite(path: string, file: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const incoming = `${path}.restoring`;
  try {
    await pipeline(createReadStream(file), createGunzip(), createWriteStream(incoming));
    // The copy must open as a database before it replaces anything.
    const check = new Database(incoming, { readonly: true, fileMustExist: true });
    try {
      check.prepare('SELECT COUNT(*) FROM sqlite_master').get();
    } finally {
      check.close();
    }
  } catch (err) {
    rmSync(incoming, { force: true });
    throw new BackupError(`${basename(file)} is not a readable SQLite backup: ${(err as Error).message}`);
  }
  // The old database's write-ahead log belongs to the old file: it would be replayed into the restored one.
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
  renameSync(incoming, path);
}

// Processes

function collect(stream: NodeJS.ReadableStream): () => string {
  let text = '';
  stream.on('data', (d) => {
    if (text.length < 10_000) text += String(d);
  });
  return () => text;
}

async function run(command: string, args: string[], label: string): Promise<void> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr = collect(child.stderr);
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new BackupError(`${label} failed (exit ${code}): ${stderr().trim()}`);
}
