import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The control panel: when the lister read an enquiry, and an email change waiting for the code mailed to the new
 * address (one at a time per user, so it lives on the user row).
 */
export class ControlPanel1764400000000 implements MigrationInterface {
  name = 'ControlPanel1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('enquiries', new TableColumn({ name: 'read_at', type: 'datetime', isNullable: true }));
    await q.addColumns('users', [
      new TableColumn({ name: 'pending_email', type: 'varchar', length: '190', isNullable: true }),
      new TableColumn({ name: 'pending_email_code_hash', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'pending_email_expires_at', type: 'datetime', isNullable: true }),
      new TableColumn({ name: 'pending_email_tries', type: 'int', default: 0 }),
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['pending_email_tries', 'pending_email_expires_at', 'pending_email_code_hash', 'pending_email']) await q.dropColumn('users', column);
    await q.dropColumn('enquiries', 'read_at');
  }
}
