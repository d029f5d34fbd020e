import { emailKey } from '../src/modules/billing/billing-history';
import { undoThrough, withMigratedDatabase } from './support/test-database';

const MIGRATION = 'BillingHistory1766110000000';
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : `${String(d).replace(' ', 'T').slice(0, 19)}.000Z`);

/** The accounts there are when billing_history arrives keep their trial and first payment in it. */
describe('migration BillingHistory', () => {
  it("fills billing_history from today's subscriptions: per normalised address, the first trial and the first payment", async () => {
    await withMigratedDatabase('billinghistory', async (ds) => {
      await undoThrough(ds, MIGRATION);
      const user = async (email: string) => {
        await ds.query('INSERT INTO users (email, username, first_name, last_name, role, is_active) VALUES (?, ?, ?, ?, ?, ?)', [email, email, 'A', 'B', 'member', 1]);
        return (await ds.query('SELECT id FROM users WHERE email = ?', [email]))[0].id as number;
      };
      const sub = (userId: number, id: string, started: string, trialEnd: string | null, paid: string | null) =>
        ds.query('INSERT INTO subscriptions (user_id, stripe_customer_id, stripe_subscription_id, plan, status, trial_end, started_at, first_paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [userId, 'cus_1', id, 'monthly', 'active', trialEnd, started, paid]);
      const a = await user('aoife.lister@gmail.com');
      await sub(a, 'sub_trial', '2026-01-01 10:00:00', '2026-03-02 10:00:00', '2026-03-02 10:00:00');
      await sub(a, 'sub_again', '2026-04-01 10:00:00', null, '2026-04-01 10:00:00');
      // Another account of the same mailbox, which paid later without a trial.
      const b = await user('AoifeLister+2@googlemail.com');
      await sub(b, 'sub_b', '2026-05-01 10:00:00', null, '2026-05-01 10:00:00');
      const c = await user('ciara@example.ie');
      await sub(c, 'sub_c', '2026-02-01 10:00:00', '2026-04-02 10:00:00', null);

      await ds.runMigrations({ transaction: 'each' });
      const rows = (await ds.query('SELECT email_hash, trial_started_at, first_paid_at, first_paid_subscription FROM billing_history ORDER BY email_hash')) as Record<string, unknown>[];
      const byKey = Object.fromEntries(rows.map((r) => [r.email_hash, [r.trial_started_at && iso(r.trial_started_at), r.first_paid_at && iso(r.first_paid_at), r.first_paid_subscription]]));
      expect(byKey).toEqual({
        [emailKey('aoifelister@gmail.com')]: ['2026-01-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z', 'sub_trial'],
        [emailKey('ciara@example.ie')]: ['2026-02-01T10:00:00.000Z', null, null],
      });
      await undoThrough(ds, MIGRATION);
      expect(await ds.createQueryRunner().hasTable('billing_history')).toBe(false);
    });
  });
});
