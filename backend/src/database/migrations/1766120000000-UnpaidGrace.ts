import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/**
 * A subscription that stops being paid (past_due, unpaid, paused, incomplete) keeps its listings published for a
 * grace period: subscriptions.grace_ends_at (when they go), grace_notice_sent_at (the warning, sent once) and
 * grace_unpublished_at (done once). Subscriptions unpaid already get their 7 days from now.
 */
export class UnpaidGrace1766120000000 implements MigrationInterface {
  name = 'UnpaidGrace1766120000000';

  async up(q: QueryRunner): Promise<void> {
    await addColumnsInPlace(q, 'subscriptions', [
      { name: 'grace_ends_at', type: 'datetime', nullable: true },
      { name: 'grace_notice_sent_at', type: 'datetime', nullable: true },
      { name: 'grace_unpublished_at', type: 'datetime', nullable: true },
    ]);
    // UTC as 'YYYY-MM-DD HH:MM:SS', as both engines store a datetime here (SQLite binds no Date).
    const ends = new Date(Date.now() + 7 * 86_400_000).toISOString().replace('T', ' ').slice(0, 19);
    await q.query("UPDATE subscriptions SET grace_ends_at = ? WHERE ended_at IS NULL AND status IN ('past_due', 'unpaid', 'paused', 'incomplete')", [ends]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'subscriptions', ['grace_unpublished_at', 'grace_notice_sent_at', 'grace_ends_at']);
  }
}
