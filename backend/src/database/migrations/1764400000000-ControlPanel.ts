import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

const PENDING_EMAIL = ['pending_email', 'pending_email_code_hash', 'pending_email_expires_at', 'pending_email_tries'];

/**
 * The control panel: when the lister read an enquiry, when they last uploaded their listing's photo (cover art is drawn
 * until then), and an email change waiting for the code mailed to the new address (one at a time per user, so it
 * lives on the user row).
 */
export class ControlPanel1764400000000 implements MigrationInterface {
  name = 'ControlPanel1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await restoreTokenVersion(q);
    await addColumnsInPlace(q, 'enquiries', [{ name: 'read_at', type: 'datetime', nullable: true }]);
    await addColumnsInPlace(q, 'posts', [{ name: 'photo_uploaded_at', type: 'datetime', nullable: true }]);
    await addColumnsInPlace(q, 'users', [
      { name: 'pending_email', type: 'varchar(190)', nullable: true },
      { name: 'pending_email_code_hash', type: 'varchar(64)', nullable: true },
      { name: 'pending_email_expires_at', type: 'datetime', nullable: true },
      { name: 'pending_email_tries', type: 'int', default: 0 },
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'users', [...PENDING_EMAIL].reverse());
    await dropColumnsInPlace(q, 'posts', ['photo_uploaded_at']);
    await dropColumnsInPlace(q, 'enquiries', ['read_at']);
  }
}

/**
 * On SQLite, FreeForLife (before it altered in place) copied the users table and lost users.token_version, which
 * SessionFamilies had added: a database migrated then gets it back here. MySQL/MariaDB never lost it.
 */
async function restoreTokenVersion(q: QueryRunner): Promise<void> {
  if (q.connection.options.type !== 'better-sqlite3') return;
  const columns: { name: string }[] = await q.query('PRAGMA table_info("users")');
  if (!columns.some((c) => c.name === 'token_version')) await addColumnsInPlace(q, 'users', [{ name: 'token_version', type: 'int', default: 0 }]);
}
