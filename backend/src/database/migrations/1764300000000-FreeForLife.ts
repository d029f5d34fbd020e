import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** users.free_for_life: an organisation that does not charge students publishes without a subscription (cliste). */
export class FreeForLife1764300000000 implements MigrationInterface {
  name = 'FreeForLife1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('users', new TableColumn({ name: 'free_for_life', type: 'boolean', default: false }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('users', 'free_for_life');
  }
}
