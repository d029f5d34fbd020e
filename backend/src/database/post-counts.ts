import type { QueryRunner } from 'typeorm';

/**
 * post_counts: how many published posts each (category, county, price) has, kept by triggers on posts in the same
 * transaction as every write, so X-Total-Count never counts a selection's rows (at a million posts a COUNT took 14 to
 * 570 ms). Each post is counted under all eight ways of leaving out its category, county and price (0, 0 and '' mean
 * "any"), so every filter shape's total is one primary-key row, and a parent group a short primary-key range.
 *
 * Triggers rather than the application's write paths: a post's visibility changes in many places (the editor, the
 * back office, billing's lapse, account deletion, raw SQL in tests and scripts), and a trigger sees each of them, in
 * the writer's transaction, under its row locks. A change that leaves status, category, county and price alone
 * (a title, a photo) does not touch the table. Posts hidden by the reserved slug_extract are counted here too (the
 * reserved value is configuration, not data): the API subtracts them (read once per data version from the slug_extract index, which ends with the same columns).
 *
 * The bulk seed turns the triggers off for its session (`@post_counts_off`, MariaDB/MySQL) and rebuilds the table from
 * posts at the end (rebuildPostCounts): TRUNCATE does not fire triggers either.
 */
export const POST_COUNTS_TABLE = 'post_counts';
/** Set to 1 in a MariaDB/MySQL session to write posts without the triggers (then call rebuildPostCounts). */
export const POST_COUNTS_OFF = '@post_counts_off';

/**
 * The eight keys a row is counted under (each of category, county and price, or "any": 0, 0, ''), as SELECTs of
 * (c, k, p, d) with d the change: `delta` when the row is published, else 0.
 */
function keys(row: 'NEW' | 'OLD', delta: 1 | -1): string[] {
  const d = `CASE WHEN ${row}.status = 'publish' THEN ${delta} ELSE 0 END`;
  const out: string[] = [];
  for (let mask = 0; mask < 8; mask++) {
    const category = mask & 4 ? '0' : `${row}.category_id`;
    const county = mask & 2 ? '0' : `${row}.county_id`;
    const price = mask & 1 ? "''" : `${row}.price`;
    out.push(`SELECT ${category} AS c, ${county} AS k, ${price} AS p, ${d} AS d`);
  }
  return out;
}

/** Whether an update moves a post between counts: its status, category, county or price changed. */
const MOVED = '(OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id OR OLD.county_id <> NEW.county_id OR OLD.price <> NEW.price)';

interface Trigger {
  name: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  when: string;
  rows: string[];
}

const TRIGGERS: Trigger[] = [
  { name: 'post_counts_insert', event: 'INSERT', when: "NEW.status = 'publish'", rows: keys('NEW', 1) },
  { name: 'post_counts_delete', event: 'DELETE', when: "OLD.status = 'publish'", rows: keys('OLD', -1) },
  { name: 'post_counts_update', event: 'UPDATE', when: `(OLD.status = 'publish' OR NEW.status = 'publish') AND ${MOVED}`, rows: [...keys('OLD', -1), ...keys('NEW', 1)] },
];

/**
 * The DDL of the counting triggers on this engine (one statement each). Each write changes its rows of post_counts in
 * one statement, in key order, leaving out the keys whose change nets to zero (a move of category alone leaves the
 * "any category" rows alone): concurrent writers then lock the rows they share in the same order and cannot
 * deadlock on them.
 */
export function postCountTriggers(mysql: boolean): { create: string[]; drop: string[] } {
  const create = TRIGGERS.map((t) => {
    const change =
      `INSERT INTO ${POST_COUNTS_TABLE} (category_id, county_id, price, total) ` +
      `SELECT c, k, p, SUM(d) FROM (${t.rows.join(' UNION ALL ')}) AS moves WHERE 1 = 1 GROUP BY c, k, p HAVING SUM(d) <> 0 ORDER BY c, k, p `;
    if (mysql) {
      return `CREATE TRIGGER ${t.name} AFTER ${t.event} ON posts FOR EACH ROW IF ${POST_COUNTS_OFF} IS NULL AND ${t.when} THEN ${change}ON DUPLICATE KEY UPDATE total = total + VALUES(total); END IF`;
    }
    return `CREATE TRIGGER ${t.name} AFTER ${t.event} ON posts FOR EACH ROW WHEN ${t.when} BEGIN ${change}ON CONFLICT (category_id, county_id, price) DO UPDATE SET total = total + excluded.total; END`;
  });
  return { create, drop: TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${t.name}`) };
}

/**
 * Counts every published post again, from posts (one grouped read) and then the seven "any" keys from those rows:
 * after a load that bypassed the triggers. Run it inside the loading transaction, or with writes stopped.
 */
export async function rebuildPostCounts(q: QueryRunner): Promise<void> {
  await q.query(`DELETE FROM ${POST_COUNTS_TABLE}`);
  const columns = `${POST_COUNTS_TABLE} (category_id, county_id, price, total)`;
  await q.query(
    `INSERT INTO ${columns} SELECT category_id, county_id, price, COUNT(*) FROM posts WHERE status = 'publish' GROUP BY category_id, county_id, price`,
  );
  const exact = `FROM ${POST_COUNTS_TABLE} WHERE category_id <> 0 AND county_id <> 0 AND price <> ''`;
  // Read the exact rows into memory first: MySQL refuses an INSERT ... SELECT from the table it inserts into in some modes.
  const rows: { c: number; k: number; p: string; n: string | number }[] = await q.query(`SELECT category_id AS c, county_id AS k, price AS p, total AS n ${exact}`);
  const sums = new Map<string, { c: number; k: number; p: string; n: number }>();
  for (const r of rows) {
    for (let mask = 1; mask < 8; mask++) {
      const key = { c: mask & 4 ? 0 : Number(r.c), k: mask & 2 ? 0 : Number(r.k), p: mask & 1 ? '' : r.p };
      const id = `${key.c}|${key.k}|${key.p}`;
      const sum = sums.get(id) ?? sums.set(id, { ...key, n: 0 }).get(id)!;
      sum.n += Number(r.n);
    }
  }
  const all = [...sums.values()];
  // 200 rows of 4 values: under SQLite's smallest limit of bound values (999).
  for (let i = 0; i < all.length; i += 200) {
    const chunk = all.slice(i, i + 200);
    await q.query(`INSERT INTO ${columns} VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`, chunk.flatMap((s) => [s.c, s.k, s.p, s.n]));
  }
}
