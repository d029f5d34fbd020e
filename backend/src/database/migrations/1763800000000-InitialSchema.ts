import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Written with TypeORM's schema builder rather than raw SQL so that the same migration
 * produces the same schema on MySQL/MariaDB (production, tests) and SQLite (`make start` default).
 */
const id = (generated = true): TableColumnOptions => ({
  name: 'id',
  // SQLite only auto-increments an INTEGER PRIMARY KEY; MySQL reads 'integer' as INT.
  type: 'integer',
  isPrimary: true,
  ...(generated ? { isGenerated: true, generationStrategy: 'increment' as const } : {}),
});
const varchar = (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  ...extra,
});
const timestamps = (): TableColumnOptions[] => [
  { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
  { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
];
const createdAt = (): TableColumnOptions => ({ name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' });
const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL') =>
  new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete });

export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'categories',
        columns: [
          id(false),
          varchar('name', 120),
          varchar('name_abbrev', 60),
          varchar('slug', 120, { isUnique: true }),
          { name: 'description', type: 'text' },
          { name: 'svg_path', type: 'text' },
          { name: 'is_primary', type: 'boolean', default: false },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'counties',
        columns: [id(), varchar('slug', 60, { isUnique: true }), varchar('name', 60)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          id(),
          varchar('email', 190, { isUnique: true }),
          varchar('username', 190),
          varchar('password_hash', 255, { isNullable: true }),
          varchar('first_name', 100),
          varchar('last_name', 100),
          varchar('role', 20, { default: "'member'" }),
          { name: 'is_active', type: 'boolean', default: false },
          { name: 'password_change_needed', type: 'boolean', default: false },
          ...timestamps(),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'posts',
        columns: [
          id(),
          varchar('title', 200),
          { name: 'content', type: 'text' },
          varchar('slug', 200, { isUnique: true }),
          varchar('slug_extract', 200),
          varchar('status', 20, { default: "'draft'" }),
          { name: 'category_id', type: 'int' },
          { name: 'county_id', type: 'int' },
          varchar('price', 20),
          varchar('youtube1_id', 20, { isNullable: true }),
          varchar('featured_audio_url', 500, { isNullable: true }),
          varchar('area', 120, { default: "''" }),
          { name: 'latitude', type: 'double', isNullable: true },
          { name: 'longitude', type: 'double', isNullable: true },
          { name: 'has_location', type: 'boolean', default: false },
          { name: 'owner_id', type: 'int', isNullable: true },
          ...timestamps(),
        ],
        foreignKeys: [fk('category_id', 'categories', 'RESTRICT'), fk('county_id', 'counties', 'RESTRICT'), fk('owner_id', 'users', 'SET NULL')],
        indices: [
          // Every public filter (status + category[/range] + county + price) is a prefix of one of these two;
          // slug_extract comes last so the visitor counts (which leave out the reserved value) read the index alone.
          new TableIndex({ name: 'IDX_posts_status_category_county_price', columnNames: ['status', 'category_id', 'county_id', 'price', 'slug_extract'] }),
          new TableIndex({ name: 'IDX_posts_status_county_price', columnNames: ['status', 'county_id', 'price', 'slug_extract'] }),
          // The unfiltered listing (home) reads the newest 20 in index order instead of sorting every post.
          new TableIndex({ name: 'IDX_posts_status_created', columnNames: ['status', 'created_at'] }),
          new TableIndex({ name: 'IDX_posts_slug_extract', columnNames: ['slug_extract'] }),
          new TableIndex({ name: 'IDX_posts_owner', columnNames: ['owner_id'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'articles',
        columns: [
          id(),
          varchar('title', 200),
          varchar('slug', 200, { isUnique: true }),
          { name: 'excerpt', type: 'text' },
          { name: 'content', type: 'text' },
          varchar('image', 200, { default: "''" }),
          varchar('author', 120, { default: "''" }),
          varchar('status', 20, { default: "'publish'" }),
          { name: 'published_at', type: 'datetime' },
          ...timestamps(),
        ],
        indices: [new TableIndex({ name: 'IDX_articles_status_published', columnNames: ['status', 'published_at'] })],
      }),
    );
    for (const [name, column, length] of [
      ['videos', 'youtube_id', 20],
      ['audios', 'url', 500],
    ] as const) {
      await q.createTable(
        new Table({
          name,
          columns: [id(), { name: 'post_id', type: 'int' }, varchar(column, length), varchar('title', 200, { default: "''" }), createdAt()],
          foreignKeys: [fk('post_id', 'posts', 'CASCADE')],
          indices: [new TableIndex({ name: `IDX_${name}_post`, columnNames: ['post_id'] })],
        }),
      );
    }
    await q.createTable(
      new Table({
        name: 'enquiries',
        columns: [
          id(),
          { name: 'post_id', type: 'int' },
          varchar('name', 120),
          varchar('email', 190),
          varchar('phone', 40, { isNullable: true }),
          { name: 'event_date', type: 'date', isNullable: true },
          varchar('venue', 200, { default: "''" }),
          { name: 'message', type: 'text' },
          // The lister's email in mail_outbox (its delivery and retries are recorded there).
          { name: 'lister_mail_id', type: 'int', isNullable: true },
          createdAt(),
        ],
        foreignKeys: [fk('post_id', 'posts', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_enquiries_post_created', columnNames: ['post_id', 'created_at'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'stats',
        columns: [id(), { name: 'post_id', type: 'int' }, varchar('kind', 20), createdAt()],
        foreignKeys: [fk('post_id', 'posts', 'CASCADE')],
        indices: [new TableIndex({ name: 'IDX_stats_post_kind_created', columnNames: ['post_id', 'kind', 'created_at'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['stats', 'enquiries', 'audios', 'videos', 'articles', 'posts', 'users', 'counties', 'categories']) {
      await q.dropTable(table);
    }
  }
}
