import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The control panel: when the lister read an enquiry, and an email change waiting for the code mailed to the new
 * address (one at a time per user, so it lives on the user row).
 */
export class ControlPanel1764400000000 implements MigrationInterface {
  name = 'ControlPanel1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await restoreTokenVersion(q);
    await q.addColumn((await q.getTable('enquiries'))!, new TableColumn({ name: 'read_at', type: 'datetime', isNullable: true }));
    // The table as it is now, not as an earlier migration of this run left it in TypeORM's cache (see below).
    await q.addColumns((await q.getTable('users'))!, [
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

/**
 * On SQLite, TypeORM adds a column by copying the table as it reads it back, and it reads only quoted column names:
 * users.token_version (added by SessionFamilies with a plain ALTER TABLE) was dropped by the copy FreeForLife made.
 * Added back here, quoted, so this copy and any later one keep it. MySQL/MariaDB never lost it.
 */
async function restoreTokenVersion(q: QueryRunner): Promise<void> {
  if (q.connection.options.type !== 'better-sqlite3') return;
  const columns: { name: string }[] = await q.query('PRAGMA table_info("users")');
  if (!columns.some((c) => c.name === 'token_version')) await q.query('ALTER TABLE "users" ADD COLUMN "token_version" int NOT NULL DEFAULT (0)');
}
