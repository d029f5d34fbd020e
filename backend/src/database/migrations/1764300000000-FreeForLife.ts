import { MigrationInterface, QueryRunner } from 'typeorm';

/** users.free_for_life: an organisation that does not charge students publishes without a subscription (cliste). */
export class FreeForLife1764300000000 implements MigrationInterface {
  name = 'FreeForLife1764300000000';

  async up(q: QueryRunner): Promise<void> {
    // Plain SQL as for token_version: TypeORM's SQLite addColumn rebuilt users from a stale copy and lost token_version.
    await q.query('ALTER TABLE users ADD COLUMN free_for_life boolean NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN free_for_life');
  }
}
