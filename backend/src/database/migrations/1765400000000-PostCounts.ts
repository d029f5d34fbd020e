import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { POST_COUNTS_TABLE, postCountTriggers, rebuildPostCounts } from '../post-counts';

/**
 * post_counts and the triggers on posts that keep it (see database/post-counts.ts): X-Total-Count from one row
 * instead of a COUNT of the selection. Filled from the posts already there.
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
      }),
    );
    for (const sql of postCountTriggers(q.connection.options.type === 'mysql').create) await q.query(sql);
    await rebuildPostCounts(q);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of postCountTriggers(q.connection.options.type === 'mysql').drop) await q.query(sql);
    await q.dropTable(POST_COUNTS_TABLE);
  }
}
