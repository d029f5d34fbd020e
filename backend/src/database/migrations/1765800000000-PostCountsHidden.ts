import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { DEFAULT_HIDDEN_SLUG_EXTRACT } from '../../config/configuration';
import { lockHiddenName, POST_COUNTS_HIDDEN_TABLE, POST_COUNTS_TABLE, postCountTriggers, rebuildPostCounts } from '../post-counts';

/**
 * post_counts splits each count into visible and hidden posts (a `hidden` column in the key), and the triggers learn
 * the reserved slug_extract from the one row of post_counts_hidden (see database/post-counts.ts): a visitor's count is
 * then one row, with no read of the hidden posts per data version and process (20 to 40 ms at a million posts). The
 * row starts with the default name; each start writes the configured one (usePostCountsHidden), counting again if it
 * differs. Filled from the posts already there.
 */
export class PostCountsHidden1765800000000 implements MigrationInterface {
  name = 'PostCountsHidden1765800000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    for (const sql of postCountTriggers(mysql, 'total').drop) await q.query(sql);
    await q.dropTable(POST_COUNTS_TABLE);
    await q.createTable(
      new Table({
        name: POST_COUNTS_HIDDEN_TABLE,
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'slug_extract', type: 'varchar', length: '200' },
        ],
      }),
    );
    await q.query(`INSERT INTO ${POST_COUNTS_HIDDEN_TABLE} (id, slug_extract) VALUES (1, ?)`, [DEFAULT_HIDDEN_SLUG_EXTRACT]);
    await createCounts(q, true);
    for (const sql of postCountTriggers(mysql, 'split').create) await q.query(sql);
    if (!mysql) return rebuildPostCounts(q, 'split');
    // DDL commits at once on MySQL, so the migration's own transaction does not hold here: the count is made in a
    // transaction of its own that first takes the name's row exclusively. A writer of another process (a rolling
    // deploy) either committed before, and is counted, or waits at its trigger's shared lock and counts itself after.
    await q.query('START TRANSACTION');
    try {
      await lockHiddenName(q);
      await rebuildPostCounts(q, 'split');
      await q.query('COMMIT');
    } catch (err) {
      await q.query('ROLLBACK');
      throw err;
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    for (const sql of postCountTriggers(mysql, 'split').drop) await q.query(sql);
    await q.dropTable(POST_COUNTS_TABLE);
    await q.dropTable(POST_COUNTS_HIDDEN_TABLE);
    await createCounts(q, false);
    for (const sql of postCountTriggers(mysql, 'total').create) await q.query(sql);
    await rebuildPostCounts(q, 'total');
  }
}

/** post_counts as PostCounts made it, or with `hidden` last in its key (a visitor's count: one row; an admin's: two). */
async function createCounts(q: QueryRunner, split: boolean): Promise<void> {
  await q.createTable(
    new Table({
      name: POST_COUNTS_TABLE,
      columns: [
        { name: 'category_id', type: 'int', isPrimary: true },
        { name: 'county_id', type: 'int', isPrimary: true },
        { name: 'price', type: 'varchar', length: '20', isPrimary: true },
        ...(split ? [{ name: 'hidden', type: 'int', isPrimary: true }] : []),
        { name: 'total', type: 'int', default: '0' },
      ],
      // The counts by category within a county and price (the facets, the summary) read this index, not the table.
      indices: [{ name: 'IDX_post_counts_county_price', columnNames: ['county_id', 'price', 'category_id', ...(split ? ['hidden'] : []), 'total'] }],
    }),
  );
}
