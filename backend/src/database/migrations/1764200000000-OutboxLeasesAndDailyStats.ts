import { MigrationInterface, QueryRunner, Table, TableColumn, TableColumnOptions, TableForeignKey, TableIndex } from 'typeorm';

/** A post's counts go with the post. */
const postForeignKey = () =>
  new TableForeignKey({ columnNames: ['post_id'], referencedTableName: 'posts', referencedColumnNames: ['id'], onDelete: 'CASCADE' });

/** Columns that together make the table's primary key. */
const keyColumns = (...columns: TableColumnOptions[]): TableColumnOptions[] => columns.map((c) => ({ ...c, isPrimary: true }));

/** The stats table as the first migration made it (for down()). */
const statsTable = () =>
  new Table({
    name: 'stats',
    columns: [
      { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
      { name: 'post_id', type: 'int' },
      { name: 'kind', type: 'varchar', length: '20' },
      { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
    ],
    foreignKeys: [postForeignKey()],
    indices: [new TableIndex({ name: 'IDX_stats_post_kind_created', columnNames: ['post_id', 'kind', 'created_at'] })],
  });

/**
 * - mail_outbox.leased_until: a sender claims a row before delivering it, so each message goes out once.
 * - stat_days replaces stats: a count per post, kind and day instead of a row per view or enquiry.
 * - daily_marks: once-a-day facts (this address viewed this post today, a copy went to this address today), kept as
 *   keyed hashes until the day is over.
 */
export class OutboxLeasesAndDailyStats1764200000000 implements MigrationInterface {
  name = 'OutboxLeasesAndDailyStats1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('mail_outbox', new TableColumn({ name: 'leased_until', type: 'datetime', isNullable: true }));
    await q.createTable(
      new Table({
        name: 'stat_days',
        columns: [
          ...keyColumns({ name: 'post_id', type: 'int' }, { name: 'kind', type: 'varchar', length: '20' }, { name: 'day', type: 'date' }),
          { name: 'total', type: 'int', default: 0 },
        ],
        foreignKeys: [postForeignKey()],
      }),
    );
    await q.query('INSERT INTO stat_days (post_id, kind, day, total) SELECT post_id, kind, DATE(created_at), COUNT(*) FROM stats GROUP BY post_id, kind, DATE(created_at)');
    await q.dropTable('stats');
    await q.createTable(
      new Table({
        name: 'daily_marks',
        columns: keyColumns({ name: 'day', type: 'date' }, { name: 'scope', type: 'varchar', length: '60' }, { name: 'subject', type: 'varchar', length: '64' }),
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('daily_marks');
    await q.createTable(statsTable());
    // One row per counted view or enquiry again, at noon of its day.
    const days: { post_id: number; kind: string; day: string | Date; total: number }[] = await q.query('SELECT post_id, kind, day, total FROM stat_days');
    for (const d of days) {
      const at = `${typeof d.day === 'string' ? d.day.slice(0, 10) : d.day.toISOString().slice(0, 10)} 12:00:00`;
      for (let left = Number(d.total); left > 0; left -= 500) {
        const n = Math.min(left, 500);
        await q.query(`INSERT INTO stats (post_id, kind, created_at) VALUES ${Array(n).fill('(?, ?, ?)').join(', ')}`, Array(n).fill([d.post_id, d.kind, at]).flat());
      }
    }
    await q.dropTable('stat_days');
    await q.dropColumn('mail_outbox', 'leased_until');
  }
}
