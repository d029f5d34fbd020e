import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';

/** The single-use links that undo an email change, mailed to the address the account left. */
export class EmailChangeUndos1766200000000 implements MigrationInterface {
  name = 'EmailChangeUndos1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'email_change_undos',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'int' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'old_email', type: 'varchar', length: '190' },
          { name: 'new_email', type: 'varchar', length: '190' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('email_change_undos');
  }
}
