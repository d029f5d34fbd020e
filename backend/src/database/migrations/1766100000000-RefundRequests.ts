import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/**
 * subscriptions.refund_requested_at: the refund guarantee covers a lister's first payment ever, once; a refund asked
 * for on a later payment is passed to an admin, and this marks when (set once, so the admin is told once).
 */
export class RefundRequests1766100000000 implements MigrationInterface {
  name = 'RefundRequests1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await addColumnsInPlace(q, 'subscriptions', [{ name: 'refund_requested_at', type: 'datetime', nullable: true }]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'subscriptions', ['refund_requested_at']);
  }
}
