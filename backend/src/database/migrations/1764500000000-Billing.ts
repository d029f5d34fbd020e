import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Billing: one row per Stripe subscription (the lister's state as Stripe last reported it), the webhook events already
 * handled (their ids, so a redelivery has no second effect), free-for-life applications, and job locks (a leased row
 * per scheduled job, so one of several API processes runs it; works alike on MySQL and SQLite).
 */
export class Billing1764500000000 implements MigrationInterface {
  name = 'Billing1764500000000';

  async up(q: QueryRunner): Promise<void> {
    const userFk = () => new TableForeignKey({ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' });
    await q.createTable(
      new Table({
        name: 'subscriptions',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'int' },
          { name: 'stripe_customer_id', type: 'varchar', length: '255' },
          { name: 'stripe_subscription_id', type: 'varchar', length: '255', isUnique: true },
          { name: 'plan', type: 'varchar', length: '20' },
          { name: 'amount_cents', type: 'int', default: 0 },
          { name: 'status', type: 'varchar', length: '30' },
          { name: 'trial_end', type: 'datetime', isNullable: true },
          { name: 'current_period_end', type: 'datetime', isNullable: true },
          { name: 'cancel_at_period_end', type: 'boolean', default: false },
          { name: 'started_at', type: 'datetime' },
          { name: 'first_paid_at', type: 'datetime', isNullable: true },
          { name: 'reminder_sent_at', type: 'datetime', isNullable: true },
          { name: 'ended_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [userFk()],
        indices: [
          new TableIndex({ name: 'IDX_subscriptions_user', columnNames: ['user_id'] }),
          new TableIndex({ name: 'IDX_subscriptions_customer', columnNames: ['stripe_customer_id'] }),
          new TableIndex({ name: 'IDX_subscriptions_status_trial_end', columnNames: ['status', 'trial_end'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'stripe_events',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'type', type: 'varchar', length: '100' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'free_for_life_applications',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'int' },
          { name: 'organisation', type: 'varchar', length: '200' },
          { name: 'students_not_charged', type: 'boolean', default: false },
          { name: 'status', type: 'varchar', length: '20', default: "'pending'" },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'decided_at', type: 'datetime', isNullable: true },
        ],
        foreignKeys: [userFk()],
        indices: [new TableIndex({ name: 'IDX_free_for_life_applications_user', columnNames: ['user_id'] }), new TableIndex({ name: 'IDX_free_for_life_applications_status', columnNames: ['status'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'job_locks',
        columns: [
          { name: 'name', type: 'varchar', length: '100', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '100', isNullable: true },
          { name: 'leased_until', type: 'datetime', isNullable: true },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('job_locks');
    await q.dropTable('free_for_life_applications');
    await q.dropTable('stripe_events');
    await q.dropTable('subscriptions');
  }
}
