import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The admin back office: every admin change is recorded in audit_log (who, when, what, before and after), and
 * users.disabled shuts an account out of logging in and refreshing without deleting it.
 */
export class AdminAuditAndDisabled1764600000000 implements MigrationInterface {
  name = 'AdminAuditAndDisabled1764600000000';

  async up(q: QueryRunner): Promise<void> {
    // Plain SQL as for token_version: TypeORM's SQLite addColumn rebuilds users from a stale copy of its columns.
    await q.query('ALTER TABLE users ADD COLUMN disabled boolean NOT NULL DEFAULT 0');
    await q.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          // No foreign key: the record of what an admin did outlives the admin's account; the email keeps who it was.
          { name: 'admin_id', type: 'int', isNullable: true },
          { name: 'admin_email', type: 'varchar', length: '190', default: "''" },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'resource', type: 'varchar', length: '60' },
          { name: 'record_id', type: 'varchar', length: '60' },
          { name: 'before_value', type: 'text', isNullable: true },
          { name: 'after_value', type: 'text', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_audit_log_resource_record', columnNames: ['resource', 'record_id'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('audit_log');
    await q.query('ALTER TABLE users DROP COLUMN disabled');
  }
}
