import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { emailKey } from '../../modules/billing/billing-history';

type Stamp = Date | string;
/** Stamps as the driver reads them (Dates on MySQL, 'YYYY-MM-DD HH:MM:SS' text on SQLite), comparable. */
const order = (v: Stamp) => (v instanceof Date ? v.toISOString() : v.replace(' ', 'T'));

/**
 * billing_history: per hash of a normalised email address, when its first free trial started and its first payment
 * was made, kept when the account is deleted, so a re-created account gets no second trial or refund window. Filled
 * from the subscriptions of the accounts there are now.
 */
export class BillingHistory1766110000000 implements MigrationInterface {
  name = 'BillingHistory1766110000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'billing_history',
        columns: [
          { name: 'email_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'trial_started_at', type: 'datetime', isNullable: true },
          { name: 'first_paid_at', type: 'datetime', isNullable: true },
          { name: 'first_paid_subscription', type: 'varchar', length: '255', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    const rows = (await q.query(
      'SELECT u.email AS email, s.started_at AS started, s.trial_end AS trial_end, s.first_paid_at AS paid, s.stripe_subscription_id AS sub FROM subscriptions s JOIN users u ON u.id = s.user_id',
    )) as { email: string; started: Stamp; trial_end: Stamp | null; paid: Stamp | null; sub: string }[];
    const byKey = new Map<string, { trial: Stamp | null; paid: Stamp | null; sub: string | null }>();
    for (const row of rows) {
      const key = emailKey(row.email);
      const seen = byKey.get(key) ?? { trial: null, paid: null, sub: null };
      if (row.trial_end !== null && (seen.trial === null || order(row.started) < order(seen.trial))) seen.trial = row.started;
      if (row.paid !== null && (seen.paid === null || order(row.paid) < order(seen.paid))) Object.assign(seen, { paid: row.paid, sub: row.sub });
      byKey.set(key, seen);
    }
    for (const [key, { trial, paid, sub }] of byKey) {
      await q.query('INSERT INTO billing_history (email_hash, trial_started_at, first_paid_at, first_paid_subscription) VALUES (?, ?, ?, ?)', [key, trial, paid, sub]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('billing_history');
  }
}
