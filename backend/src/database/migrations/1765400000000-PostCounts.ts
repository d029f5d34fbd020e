import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { POST_COUNTS_TABLE, postCountTriggers, rebuildPostCounts } from '../post-counts';

/**
 * post_counts and the triggers on posts that keep it (see database/post-counts.ts): X-Total-Count from one row
 * instead of a COUNT of the selection. Filled from the posts already there. The slug_extract index of posts gains the
 * columns post_counts keys on, so the counts of the posts hidden by the reserved slug_extract (subtracted for visitors;
 * some 2% of a million-post seed) are read from that index alone. PostCountsHidden (1765800000000) splits the counts
 * into visible and hidden instead; the triggers and the rebuild of this shape are post-counts.ts's 'total'.
 */
export class PostCounts1765400000000 implements MigrationInterface {
  name = 'PostCounts1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: POST_COUNTS_TABLE,
        columns: [
          { name: 'category_id', type: 'int', isPrimary: true },
          { name: 'county_id', type: 'int', isPrimary: true },
          { name: 'price', type: 'varchar', length: '20', isPrimary: true },
          { name: 'total', type: 'int', default: '0' },
        ],
        // The counts by category within a county and price (the facets, the summary) read this index, not the table.
        indices: [{ name: 'IDX_post_counts_county_price', columnNames: ['county_id', 'price', 'category_id', 'total'] }],
      }),
    );
    for (const sql of postCountTriggers(q.connection.options.type === 'mysql', 'total').create) await q.query(sql);
    await rebuildPostCounts(q, 'total');
    await q.dropIndex('posts', 'IDX_posts_slug_extract');
    await q.createIndex('posts', new TableIndex({ name: 'IDX_posts_slug_extract', columnNames: ['slug_extract', 'status', 'category_id', 'county_id', 'price'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('posts', 'IDX_posts_slug_extract');
    await q.createIndex('posts', new TableIndex({ name: 'IDX_posts_slug_extract', columnNames: ['slug_extract'] }));
    for (const sql of postCountTriggers(q.connection.options.type === 'mysql', 'total').drop) await q.query(sql);
    await q.dropTable(POST_COUNTS_TABLE);
  }
}
