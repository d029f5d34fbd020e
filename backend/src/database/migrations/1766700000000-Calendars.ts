import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

const toPost = () => new TableForeignKey({ columnNames: ['post_id'], referencedTableName: 'posts', referencedColumnNames: ['id'], onDelete: 'CASCADE' });

/** Listings' availability calendars: marks per half day, calendar feeds, and the calendar's freshness and export secret. */
export class Calendars1766700000000 implements MigrationInterface {
  name = 'Calendars1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'calendars',
        columns: [
          { name: 'post_id', type: 'int', isPrimary: true },
          { name: 'updated_at', type: 'datetime', isNullable: true },
          { name: 'export_token', type: 'varchar', length: '64', isNullable: true, isUnique: true },
        ],
        foreignKeys: [toPost()],
        indices: [new TableIndex({ name: 'IDX_calendars_updated', columnNames: ['updated_at', 'post_id'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'calendar_slots',
        columns: [
          { name: 'post_id', type: 'int', isPrimary: true },
          { name: 'day', type: 'date', isPrimary: true },
          { name: 'slot', type: 'varchar', length: '2', isPrimary: true },
          { name: 'hand', type: 'varchar', length: '10', isNullable: true },
          { name: 'feed', type: 'boolean', default: false },
          { name: 'booked', type: 'boolean', default: false },
        ],
        foreignKeys: [toPost()],
        indices: [new TableIndex({ name: 'IDX_calendar_slots_day', columnNames: ['day', 'booked', 'slot', 'post_id'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'calendar_feeds',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'post_id', type: 'int' },
          { name: 'url', type: 'varchar', length: '500' },
          { name: 'busy', type: 'text' },
          { name: 'last_success_at', type: 'datetime', isNullable: true },
          { name: 'last_error_at', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '300', isNullable: true },
          { name: 'failures', type: 'int', default: 0 },
          { name: 'alerted', type: 'boolean', default: false },
          { name: 'next_sync_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [toPost()],
        indices: [
          new TableIndex({ name: 'IDX_calendar_feeds_post', columnNames: ['post_id'] }),
          new TableIndex({ name: 'IDX_calendar_feeds_due', columnNames: ['next_sync_at'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('calendar_feeds');
    await q.dropTable('calendar_slots');
    await q.dropTable('calendars');
  }
}
