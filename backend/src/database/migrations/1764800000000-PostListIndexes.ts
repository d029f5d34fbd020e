import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * One index per public filter shape of the posts list, each ending in created_at: the equalities (status, then
 * category, county, price as the request names them) find the shape's rows already in the list's order (newest
 * first, then id, which InnoDB keeps after every secondary key), so the first page reads 20 entries, not the whole
 * selection, and never sorts. A parent group (a range of categories) walks the index of the rest of its shape and
 * checks the category on the way. The (status, created_at) index of the first migration serves "all".
 */
export const POST_LIST_INDEXES: [string, string[]][] = [
  ['IDX_posts_list_category', ['status', 'category_id', 'created_at']],
  ['IDX_posts_list_category_county', ['status', 'category_id', 'county_id', 'created_at']],
  ['IDX_posts_list_category_price', ['status', 'category_id', 'price', 'created_at']],
  ['IDX_posts_list_category_county_price', ['status', 'category_id', 'county_id', 'price', 'created_at']],
  ['IDX_posts_list_county', ['status', 'county_id', 'created_at']],
  ['IDX_posts_list_county_price', ['status', 'county_id', 'price', 'created_at']],
  ['IDX_posts_list_price', ['status', 'price', 'created_at']],
];

export class PostListIndexes1764800000000 implements MigrationInterface {
  name = 'PostListIndexes1764800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [name, columnNames] of POST_LIST_INDEXES) await q.createIndex('posts', new TableIndex({ name, columnNames }));
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of [...POST_LIST_INDEXES].reverse()) await q.dropIndex('posts', name);
  }
}
