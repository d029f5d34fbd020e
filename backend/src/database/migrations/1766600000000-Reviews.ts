import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/**
 * Verified reviews: the invitation made with each enquiry and its links (token hashes), the reviews, the lister's
 * booked mark on an enquiry, and each post's review figures kept on the post (count, sum of the overall ratings, the
 * sub-ratings' averages as JSON), so listing pages and profiles read them without counting.
 */
export class Reviews1766600000000 implements MigrationInterface {
  name = 'Reviews1766600000000';

  async up(q: QueryRunner): Promise<void> {
    const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' } as const;
    const createdAt = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
    const toPost = new TableForeignKey({ columnNames: ['post_id'], referencedTableName: 'posts', referencedColumnNames: ['id'], onDelete: 'CASCADE' });
    await q.createTable(
      new Table({
        name: 'review_invitations',
        columns: [
          id,
          { name: 'enquiry_id', type: 'int', isUnique: true },
          { name: 'post_id', type: 'int' },
          { name: 'email', type: 'varchar', length: '190' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'due_at', type: 'datetime' },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          { name: 'reminders_sent', type: 'int', default: 0 },
          { name: 'expires_at', type: 'datetime', isNullable: true },
          { name: 'lister_booked', type: 'boolean', default: false },
          { name: 'closed_at', type: 'datetime', isNullable: true },
          { name: 'skipped', type: 'varchar', length: '20', isNullable: true },
          createdAt,
        ],
        foreignKeys: [toPost],
        indices: [new TableIndex({ name: 'IDX_review_invitations_due', columnNames: ['closed_at', 'due_at'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'review_tokens',
        columns: [id, { name: 'invitation_id', type: 'int' }, { name: 'token_hash', type: 'varchar', length: '64', isUnique: true }, createdAt],
        foreignKeys: [new TableForeignKey({ columnNames: ['invitation_id'], referencedTableName: 'review_invitations', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'reviews',
        columns: [
          id,
          { name: 'post_id', type: 'int' },
          // The key that makes two submissions of one invitation at once one review.
          { name: 'invitation_id', type: 'int', isUnique: true },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'label', type: 'varchar', length: '20' },
          { name: 'rating', type: 'int' },
          { name: 'ratings', type: 'varchar', length: '200', default: "'{}'" },
          { name: 'text', type: 'text' },
          { name: 'first_name', type: 'varchar', length: '60' },
          { name: 'county_id', type: 'int' },
          { name: 'year_group', type: 'varchar', length: '60', isNullable: true },
          { name: 'class_size', type: 'int', isNullable: true },
          { name: 'held_until', type: 'datetime', isNullable: true },
          { name: 'held_from', type: 'datetime', isNullable: true },
          { name: 'more_time_asked', type: 'boolean', default: false },
          { name: 'published_at', type: 'datetime', isNullable: true },
          { name: 'edit_token_hash', type: 'varchar', length: '64', isUnique: true, isNullable: true },
          { name: 'editable_until', type: 'datetime' },
          { name: 'edited_at', type: 'datetime', isNullable: true },
          { name: 'reply', type: 'text', isNullable: true },
          { name: 'reply_updated_at', type: 'datetime', isNullable: true },
          { name: 'reported_at', type: 'datetime', isNullable: true },
          { name: 'report_reason', type: 'varchar', length: '20', isNullable: true },
          { name: 'report_note', type: 'text', isNullable: true },
          { name: 'removed_at', type: 'datetime', isNullable: true },
          { name: 'removal_reason', type: 'varchar', length: '20', isNullable: true },
          createdAt,
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [
          toPost,
          new TableForeignKey({ columnNames: ['invitation_id'], referencedTableName: 'review_invitations', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
          new TableForeignKey({ columnNames: ['county_id'], referencedTableName: 'counties', referencedColumnNames: ['id'], onDelete: 'RESTRICT' }),
        ],
        indices: [
          // A profile's published reviews, newest first, and a post's figures recounted.
          new TableIndex({ name: 'IDX_reviews_post_status_created', columnNames: ['post_id', 'status', 'created_at'] }),
          // The release job: held reviews whose date has come.
          new TableIndex({ name: 'IDX_reviews_status_held', columnNames: ['status', 'held_until'] }),
        ],
      }),
    );
    await addColumnsInPlace(q, 'enquiries', [{ name: 'booked_at', type: 'datetime', nullable: true }]);
    await addColumnsInPlace(q, 'posts', [
      { name: 'review_count', type: 'int', default: 0 },
      { name: 'review_rating_sum', type: 'int', default: 0 },
      { name: 'review_sub_averages', type: 'varchar(200)', nullable: true },
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'posts', ['review_sub_averages', 'review_rating_sum', 'review_count']);
    await dropColumnsInPlace(q, 'enquiries', ['booked_at']);
    await q.dropTable('reviews');
    await q.dropTable('review_tokens');
    await q.dropTable('review_invitations');
  }
}
