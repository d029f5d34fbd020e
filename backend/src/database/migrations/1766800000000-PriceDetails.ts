import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/**
 * What a listing's price includes (posts.price_details, JSON text) and the from-price it is filtered and sorted by:
 * price_from (cents, null on request), price_band (the budget band's id, 0 none) and price_sort (price_from, or the
 * largest int so that listings on request come last in one ascending index order, on both engines alike).
 *
 * The band filter is an equality, so each of its shapes gets an index ending in created_at like the other list shapes
 * (PostListIndexes): the first page reads 20 entries in the list's order. The list by price walks (…, price_sort),
 * then id, which InnoDB keeps after every secondary key; with a band as well, the band is a range of price_sort.
 * Free listings start in the free band at €0, as priceAgrees has it.
 */
export const PRICE_INDEXES: [string, string[]][] = [
  ['IDX_posts_band', ['status', 'price_band', 'created_at']],
  ['IDX_posts_band_category', ['status', 'category_id', 'price_band', 'created_at']],
  ['IDX_posts_band_county', ['status', 'county_id', 'price_band', 'created_at']],
  ['IDX_posts_band_category_county', ['status', 'category_id', 'county_id', 'price_band', 'created_at']],
  ['IDX_posts_by_price', ['status', 'price_sort']],
  ['IDX_posts_by_price_category', ['status', 'category_id', 'price_sort']],
  ['IDX_posts_by_price_county', ['status', 'county_id', 'price_sort']],
  ['IDX_posts_by_price_category_county', ['status', 'category_id', 'county_id', 'price_sort']],
];

const isMysql = (q: QueryRunner) => q.connection.options.type === 'mysql' || q.connection.options.type === 'mariadb';

export class PriceDetails1766800000000 implements MigrationInterface {
  name = 'PriceDetails1766800000000';

  async up(q: QueryRunner): Promise<void> {
    if (isMysql(q)) {
      // One ALTER (one rebuild of posts) for the columns, one for the indexes: each ALTER of a big table copies it.
      await q.query(
        'ALTER TABLE `posts` ADD COLUMN `price_details` text NULL, ADD COLUMN `price_from` int NULL, ADD COLUMN `price_band` int NOT NULL DEFAULT 0, ADD COLUMN `price_sort` int NOT NULL DEFAULT 2147483647',
      );
    } else {
      await addColumnsInPlace(q, 'posts', [
        { name: 'price_details', type: 'text', nullable: true },
        { name: 'price_from', type: 'int', nullable: true },
        { name: 'price_band', type: 'int', default: 0 },
        { name: 'price_sort', type: 'int', default: 2147483647 },
      ]);
    }
    await q.query("UPDATE posts SET price_from = 0, price_band = 1, price_sort = 0 WHERE price = 'free'");
    if (isMysql(q)) {
      await q.query(`ALTER TABLE \`posts\` ${PRICE_INDEXES.map(([name, cols]) => `ADD INDEX \`${name}\` (${cols.map((c) => `\`${c}\``).join(', ')})`).join(', ')}`);
      await q.getTable('posts');
    } else for (const [name, columnNames] of PRICE_INDEXES) await q.createIndex('posts', new TableIndex({ name, columnNames }));
  }

  async down(q: QueryRunner): Promise<void> {
    if (isMysql(q)) {
      await q.query(`ALTER TABLE \`posts\` ${PRICE_INDEXES.map(([name]) => `DROP INDEX \`${name}\``).join(', ')}, DROP COLUMN \`price_sort\`, DROP COLUMN \`price_band\`, DROP COLUMN \`price_from\`, DROP COLUMN \`price_details\``);
      await q.getTable('posts');
      return;
    }
    for (const [name] of [...PRICE_INDEXES].reverse()) await q.dropIndex('posts', name);
    await dropColumnsInPlace(q, 'posts', ['price_sort', 'price_band', 'price_from', 'price_details']);
  }
}
