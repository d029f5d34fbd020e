import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';

const FAMILY_FK = 'FK_refresh_tokens_family';

/**
 * Login families get a row of their own, which alone decides whether their refresh tokens work (revoked, or past the
 * absolute session end), and users a token version that access tokens carry. Existing families keep their state:
 * revoked if any of their tokens was, ending when their last token does.
 */
export class SessionFamilies1764100000000 implements MigrationInterface {
  name = 'SessionFamilies1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // Plain ALTER TABLE on both engines: TypeORM would rebuild the users table on SQLite, and a revert (which runs
    // with foreign keys on) would then cascade the rebuild's DROP TABLE into every table that refers to users.
    await q.query('ALTER TABLE users ADD COLUMN token_version int NOT NULL DEFAULT 0');
    await q.createTable(
      new Table({
        name: 'refresh_families',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'int' },
          { name: 'token_version', type: 'int', default: 0 },
          { name: 'expires_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
        indices: [new TableIndex({ name: 'IDX_refresh_families_user', columnNames: ['user_id'] })],
      }),
    );
    await q.query(
      'INSERT INTO refresh_families (id, user_id, expires_at, revoked_at, created_at) ' +
        'SELECT family_id, MIN(user_id), MAX(expires_at), MAX(revoked_at), MIN(created_at) FROM refresh_tokens GROUP BY family_id',
    );
    await q.dropColumn('refresh_tokens', 'revoked_at');
    await q.createForeignKey(
      'refresh_tokens',
      new TableForeignKey({ name: FAMILY_FK, columnNames: ['family_id'], referencedTableName: 'refresh_families', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropForeignKey('refresh_tokens', FAMILY_FK);
    await q.addColumn('refresh_tokens', new TableColumn({ name: 'revoked_at', type: 'datetime', isNullable: true }));
    await q.query('UPDATE refresh_tokens SET revoked_at = (SELECT f.revoked_at FROM refresh_families f WHERE f.id = refresh_tokens.family_id)');
    await q.dropTable('refresh_families');
    await q.query('ALTER TABLE users DROP COLUMN token_version');
  }
}
