import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';

/** Sign-up codes, refresh-token families, password resets, rate-limit events and the mail outbox. */
const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };
const createdAt = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const userFk = () => new TableForeignKey({ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' });

export class Accounts1763900000000 implements MigrationInterface {
  name = 'Accounts1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('users', [
      new TableColumn({ name: 'marketing_consent', type: 'boolean', default: false }),
      new TableColumn({ name: 'terms_accepted_at', type: 'datetime', isNullable: true }),
    ]);
    await q.createTable(
      new Table({
        name: 'signup_codes',
        columns: [
          id,
          { name: 'user_id', type: 'int' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
        foreignKeys: [userFk()],
        indices: [new TableIndex({ name: 'IDX_signup_codes_user', columnNames: ['user_id', 'created_at'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'refresh_tokens',
        columns: [
          id,
          { name: 'user_id', type: 'int' },
          { name: 'family_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
        foreignKeys: [userFk()],
        indices: [
          new TableIndex({ name: 'IDX_refresh_tokens_family', columnNames: ['family_id'] }),
          new TableIndex({ name: 'IDX_refresh_tokens_user', columnNames: ['user_id'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'password_resets',
        columns: [
          id,
          { name: 'user_id', type: 'int' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
        foreignKeys: [userFk()],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rate_events',
        columns: [id, { name: 'scope', type: 'varchar', length: '20' }, { name: 'subject', type: 'varchar', length: '190' }, createdAt],
        indices: [new TableIndex({ name: 'IDX_rate_events_lookup', columnNames: ['scope', 'subject', 'created_at'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'mail_outbox',
        columns: [
          id,
          { name: 'recipient', type: 'varchar', length: '190' },
          { name: 'subject', type: 'varchar', length: '200' },
          { name: 'text_body', type: 'text' },
          { name: 'html_body', type: 'text', isNullable: true },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'next_attempt_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          createdAt,
        ],
        indices: [new TableIndex({ name: 'IDX_mail_outbox_due', columnNames: ['sent_at', 'next_attempt_at'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['mail_outbox', 'rate_events', 'password_resets', 'refresh_tokens', 'signup_codes']) await q.dropTable(table);
    await q.dropColumn('users', 'terms_accepted_at');
    await q.dropColumn('users', 'marketing_consent');
  }
}
