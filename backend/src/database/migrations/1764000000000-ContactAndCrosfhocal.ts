import { MigrationInterface, QueryRunner, Table } from 'typeorm';

const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };
const text = (name: string, length = 120) => ({ name, type: 'varchar', length: String(length) });
const createdAt = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
export const CROSFHOCAL_ANSWERS = ['across2', 'down1', 'across4', 'down3', 'across8', 'down5', 'across9', 'down6', 'across11', 'down7', 'across12', 'down10'] as const;

/** Messages from the contact form and crossword competition entries (one per email). */
export class ContactAndCrosfhocal1764000000000 implements MigrationInterface {
  name = 'ContactAndCrosfhocal1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'contact_messages',
        columns: [id, text('first_name', 100), text('last_name', 100), text('email', 190), { name: 'message', type: 'text' }, { name: 'mail_id', type: 'int', isNullable: true }, createdAt],
      }),
    );
    await q.createTable(
      new Table({
        name: 'crosfhocal_entries',
        columns: [
          id,
          text('first_name', 100),
          text('last_name', 100),
          { ...text('email', 190), isUnique: true },
          text('school', 200),
          ...CROSFHOCAL_ANSWERS.map((a) => text(a, 60)),
          { name: 'subscribe', type: 'boolean', default: false },
          createdAt,
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('crosfhocal_entries');
    await q.dropTable('contact_messages');
  }
}
