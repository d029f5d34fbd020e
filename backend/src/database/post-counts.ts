import type { DataSource, QueryRunner } from 'typeorm';

/**
 * post_counts: how many published posts each (category, county, price) has, split into those visible to everyone
 * (`hidden` 0) and those hidden by the reserved slug_extract (`hidden` 1), kept by triggers on posts in the same
 * transaction as every write, so X-Total-Count never counts a selection's rows (at a million posts a COUNT took 14 to
 * 570 ms). Each post is counted under all eight ways of leaving out its category, county and price (0, 0 and '' mean
 * "any"), so every filter shape's total is one primary-key row for a visitor (`hidden = 0`), two for an admin (both),
 * and a parent group a short primary-key range.
 *
 * Triggers rather than the application's write paths: a post's visibility changes in many places (the editor, the
 * back office, billing's lapse, account deletion, raw SQL in tests and scripts), and a trigger sees each of them, in
 * the writer's transaction, under its row locks. A change that leaves status, category, county, price and
 * slug_extract alone (a title, a photo) does not touch the table.
 *
 * The reserved slug_extract is configuration (HIDDEN_SLUG_EXTRACT), which a trigger cannot read: the triggers read it
 * from the one row of post_counts_hidden, which usePostCountsHidden writes from the configuration at each start (the
 * migrate CLI, the API, the seed) and which, when it changes, counts every post again in the same transaction.
 *
 * The bulk seed turns the triggers off for its session (`@post_counts_off`, MariaDB/MySQL) and rebuilds the table from
 * posts at the end (rebuildPostCounts): TRUNCATE does not fire triggers either.
 */
export const POST_COUNTS_TABLE = 'post_counts';
/** One row (id 1): the slug_extract that hides a post, as the counting triggers know it. */
export const POST_COUNTS_HIDDEN_TABLE = 'post_counts_hidden';
/** Set to 1 in a MariaDB/MySQL session to write posts without the triggers (then call rebuildPostCounts). */
export const POST_COUNTS_OFF = '@post_counts_off';

/**
 * The two shapes of post_counts: `total` (migration PostCounts: every published post, hidden or not) and `split`
 * (migration PostCountsHidden: a `hidden` column in the key, and the reserved name in post_counts_hidden).
 */
export type PostCountsShape = 'total' | 'split';

/**
 * The eight keys a row is counted under (each of category, county and price, or "any": 0, 0, ''), as SELECTs of
 * (c, k, p[, h], d) with d the change: `delta` when the row is published, else 0; h whether it is hidden.
 */
function keys(row: 'NEW' | 'OLD', delta: 1 | -1, hidden: string | null): string[] {
  const d = `CASE WHEN ${row}.status = 'publish' THEN ${delta} ELSE 0 END`;
  const out: string[] = [];
  for (let mask = 0; mask < 8; mask++) {
    const category = mask & 4 ? '0' : `${row}.category_id`;
    const county = mask & 2 ? '0' : `${row}.county_id`;
    const price = mask & 1 ? "''" : `${row}.price`;
    out.push(`SELECT ${category} AS c, ${county} AS k, ${price} AS p${hidden === null ? '' : `, ${hidden} AS h`}, ${d} AS d`);
  }
  return out;
}

/** Whether an update moves a post between counts: its status, category, county or price changed (or its slug_extract, split). */
const moved = (mysql: boolean, shape: PostCountsShape) =>
  '(OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id OR OLD.county_id <> NEW.county_id OR OLD.price <> NEW.price' +
  (shape === 'split' ? (mysql ? ' OR NOT (OLD.slug_extract <=> NEW.slug_extract))' : ' OR OLD.slug_extract IS NOT NEW.slug_extract)') : ')');

interface Trigger {
  name: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  when: string;
  rows: (old: string | null, neu: string | null) => string[];
}

const triggers = (mysql: boolean, shape: PostCountsShape): Trigger[] => [
  { name: 'post_counts_insert', event: 'INSERT', when: "NEW.status = 'publish'", rows: (_, n) => keys('NEW', 1, n) },
  { name: 'post_counts_delete', event: 'DELETE', when: "OLD.status = 'publish'", rows: (o) => keys('OLD', -1, o) },
  {
    name: 'post_counts_update',
    event: 'UPDATE',
    when: `(OLD.status = 'publish' OR NEW.status = 'publish') AND ${moved(mysql, shape)}`,
    rows: (o, n) => [...keys('OLD', -1, o), ...keys('NEW', 1, n)],
  },
];

/**
 * The DDL of the counting triggers on this engine (one statement each). Each write changes its rows of post_counts in
 * one statement, in key order, leaving out the keys whose change nets to zero (a move of category alone leaves the
 * "any category" rows alone): concurrent writers then lock the rows they share in the same order and cannot
 * deadlock on them.
 *
 * Split: on MariaDB/MySQL a trigger first reads the reserved name's row with a shared lock (writers share it; a
 * change of the name, usePostCountsHidden, takes it exclusively before anything else, so it waits for the writers in
 * flight and they wait for it: its rebuild is exact and no lock is taken in the other order). It compares the two
 * columns there (the same collation as the lists' `slug_extract <> ?`, whatever the server's default). SQLite has one
 * writer at a time.
 */
export function postCountTriggers(mysql: boolean, shape: PostCountsShape = 'split'): { create: string[]; drop: string[] } {
  const split = shape === 'split';
  const create = triggers(mysql, shape).map((t) => {
    const columns = split ? 'c, k, p, h' : 'c, k, p';
    const change = (old: string | null, neu: string | null) =>
      `INSERT INTO ${POST_COUNTS_TABLE} (category_id, county_id, price${split ? ', hidden' : ''}, total) ` +
      `SELECT ${columns}, SUM(d) FROM (${t.rows(old, neu).join(' UNION ALL ')}) AS moves WHERE 1 = 1 GROUP BY ${columns} HAVING SUM(d) <> 0 ORDER BY ${columns} `;
    const conflict = split ? 'category_id, county_id, price, hidden' : 'category_id, county_id, price';
    if (mysql) {
      const when = `${POST_COUNTS_OFF} IS NULL AND ${t.when}`;
      const upsert = (old: string | null, neu: string | null) => `${change(old, neu)}ON DUPLICATE KEY UPDATE total = total + VALUES(total);`;
      if (!split) return `CREATE TRIGGER ${t.name} AFTER ${t.event} ON posts FOR EACH ROW IF ${when} THEN ${upsert(null, null)} END IF`;
      // Compared as bytes (as the API compares the name): the two columns' collations may differ (a database whose
      // default changed after posts was made), and MySQL refuses to compare mixed collations.
      const compare = (row: 'OLD' | 'NEW') => (t.event === 'INSERT' && row === 'OLD') || (t.event === 'DELETE' && row === 'NEW') ? '0' : `COALESCE(BINARY ${row}.slug_extract = BINARY s.slug_extract, 0)`;
      return (
        `CREATE TRIGGER ${t.name} AFTER ${t.event} ON posts FOR EACH ROW BEGIN DECLARE old_hidden, new_hidden INT DEFAULT 0; ` +
        `IF ${when} THEN ` +
        `SELECT ${compare('OLD')}, ${compare('NEW')} INTO old_hidden, new_hidden FROM ${POST_COUNTS_HIDDEN_TABLE} s WHERE s.id = 1 LOCK IN SHARE MODE; ` +
        `${upsert('old_hidden', 'new_hidden')} END IF; END`
      );
    }
    const hiddenOf = (row: 'OLD' | 'NEW') => `COALESCE(${row}.slug_extract = (SELECT slug_extract FROM ${POST_COUNTS_HIDDEN_TABLE} WHERE id = 1), 0)`;
    const body = split ? change(hiddenOf('OLD'), hiddenOf('NEW')) : change(null, null);
    return `CREATE TRIGGER ${t.name} AFTER ${t.event} ON posts FOR EACH ROW WHEN ${t.when} BEGIN ${body}ON CONFLICT (${conflict}) DO UPDATE SET total = total + excluded.total; END`;
  });
  return { create, drop: triggers(mysql, shape).map((t) => `DROP TRIGGER IF EXISTS ${t.name}`) };
}

/** Which post_counts this schema has, if any (the seed also runs on databases migrated to an older version). */
export async function postCountsShape(q: QueryRunner): Promise<PostCountsShape | null> {
  if (!(await q.hasTable(POST_COUNTS_TABLE))) return null;
  return (await q.hasTable(POST_COUNTS_HIDDEN_TABLE)) ? 'split' : 'total';
}

/**
 * Counts every published post again: two grouped reads of posts (all published posts, in the order of their
 * status-category-county-price index; the hidden ones, from the slug_extract index, which ends with those columns),
 * the eight keys of each group summed in memory, written in chunks. After a load that bypassed the triggers, or a
 * change of the reserved name. Run it inside the loading transaction, or with writes stopped (usePostCountsHidden
 * holds the name's row exclusively).
 */
export async function rebuildPostCounts(q: QueryRunner, shape: PostCountsShape = 'split'): Promise<void> {
  type Group = { c: number | string; k: number | string; p: string; n: string | number };
  const groups: Group[] = await q.query(`SELECT category_id AS c, county_id AS k, price AS p, COUNT(*) AS n FROM posts WHERE status = 'publish' GROUP BY category_id, county_id, price`);
  let hiddenGroups: Group[] = [];
  if (shape === 'split') {
    const [row] = (await q.query(`SELECT slug_extract AS name FROM ${POST_COUNTS_HIDDEN_TABLE} WHERE id = 1`)) as { name: string }[];
    if (row) {
      hiddenGroups = await q.query(
        `SELECT category_id AS c, county_id AS k, price AS p, COUNT(*) AS n FROM posts WHERE slug_extract = ? AND status = 'publish' GROUP BY category_id, county_id, price`,
        [row.name],
      );
    }
  }
  const sums = new Map<string, { c: number; k: number; p: string; h: number; n: number }>();
  const add = (r: Group, h: number, sign: number) => {
    for (let mask = 0; mask < 8; mask++) {
      const key = { c: mask & 4 ? 0 : Number(r.c), k: mask & 2 ? 0 : Number(r.k), p: mask & 1 ? '' : r.p, h };
      const id = `${key.c}|${key.k}|${key.p}|${h}`;
      const sum = sums.get(id) ?? sums.set(id, { ...key, n: 0 }).get(id)!;
      sum.n += sign * Number(r.n);
    }
  };
  for (const r of groups) add(r, 0, 1);
  // The hidden ones move from the visible count to their own.
  for (const r of hiddenGroups) {
    add(r, 0, -1);
    add(r, 1, 1);
  }
  await q.query(`DELETE FROM ${POST_COUNTS_TABLE}`);
  const split = shape === 'split';
  const rows = [...sums.values()].filter((s) => s.n !== 0);
  const width = split ? 5 : 4;
  const chunk = Math.floor(900 / width); // under SQLite's smallest limit of bound values (999)
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await q.query(
      `INSERT INTO ${POST_COUNTS_TABLE} (category_id, county_id, price, ${split ? 'hidden, ' : ''}total) VALUES ${part.map(() => `(${Array(width).fill('?').join(', ')})`).join(', ')}`,
      part.flatMap((s) => (split ? [s.c, s.k, s.p, s.h, s.n] : [s.c, s.k, s.p, s.n])),
    );
  }
}

/**
 * Makes `name` the reserved slug_extract the counting triggers know (post_counts_hidden), counting every post again
 * when it was another (and moving the data version, so cached counts go): called with the configuration at each start
 * (migrate CLI, API, seed). A no-op read when it is already the one; on a schema without the split counts, nothing.
 * Returns whether it changed. Every process on one database must share HIDDEN_SLUG_EXTRACT: two configured
 * differently would count by whichever started last.
 */
export async function usePostCountsHidden(ds: DataSource, name: string): Promise<boolean> {
  return (await recountUnderNameLock(ds, name)) === true;
}

/**
 * Counts post_counts again from the posts and moves the data version: the repair for counts that drifted (rows
 * loaded with the triggers off, a migration's recount raced by a write of an older replica). `npm run recount -w
 * backend`. On MySQL the name's row is held exclusively first, as usePostCountsHidden does, so writers in flight
 * finish before and later ones wait: the count is exact with the site running.
 */
export async function recountPostCounts(ds: DataSource): Promise<void> {
  if ((await recountUnderNameLock(ds)) === null) throw new Error('post_counts does not exist yet: run the migrations first');
}

/**
 * The name's row read, on MySQL exclusively (writers in flight, holding it shared, finish; later ones wait: see the
 * triggers): for the migration's count and recountUnderNameLock.
 */
export async function lockHiddenName(q: QueryRunner): Promise<string | undefined> {
  const mysql = q.connection.options.type === 'mysql' || q.connection.options.type === 'mariadb';
  const rows = (await q.query(`SELECT slug_extract AS name FROM ${POST_COUNTS_HIDDEN_TABLE} WHERE id = 1${mysql ? ' FOR UPDATE' : ''}`)) as { name: string }[];
  return rows[0]?.name;
}

/**
 * Counts post_counts again and moves the data version in one transaction that first holds the name's row. With a
 * name (a start): only when the stored one differs, which it then replaces (a primary-key read without a transaction
 * when it does not; false), and never for the older shape without the name (false). Without one (a repair): always.
 * Null when there is no post_counts yet.
 */
async function recountUnderNameLock(ds: DataSource, name?: string): Promise<boolean | null> {
  const q = ds.createQueryRunner('master');
  await q.connect();
  try {
    const shape = await postCountsShape(q);
    if (!shape) return null;
    const split = shape === 'split';
    if (name !== undefined) {
      if (!split) return false;
      const [row] = (await q.query(`SELECT slug_extract AS name FROM ${POST_COUNTS_HIDDEN_TABLE} WHERE id = 1`)) as { name: string }[];
      if (row?.name === name) return false;
    }
    await q.startTransaction();
    try {
      const current = split ? await lockHiddenName(q) : undefined;
      if (name !== undefined && current === name) {
        await q.commitTransaction();
        return false;
      }
      if (name !== undefined && current === undefined) await q.query(`INSERT INTO ${POST_COUNTS_HIDDEN_TABLE} (id, slug_extract) VALUES (1, ?)`, [name]);
      else if (name !== undefined) await q.query(`UPDATE ${POST_COUNTS_HIDDEN_TABLE} SET slug_extract = ? WHERE id = 1`, [name]);
      await rebuildPostCounts(q, shape);
      await q.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
      await q.commitTransaction();
      return true;
    } catch (err) {
      await q.rollbackTransaction();
      throw err;
    }
  } finally {
    await q.release();
  }
}
