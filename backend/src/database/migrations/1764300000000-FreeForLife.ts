import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/** users.free_for_life: an organisation that does not charge students publishes without a subscription (cliste). */
export class FreeForLife1764300000000 implements MigrationInterface {
  name = 'FreeForLife1764300000000';

  async up(q: QueryRunner): Promise<void> {
    // In place (see columns-in-place.ts): TypeORM's copy of the users table on SQLite dropped users.token_version.
    await addColumnsInPlace(q, 'users', [{ name: 'free_for_life', type: 'boolean', default: false }]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'users', ['free_for_life']);
  }
}
