import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** data_version: one row whose counter moves with every write to public data (the answer caches' key). */
export class DataVersion1764700000000 implements MigrationInterface {
  name = 'DataVersion1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'data_version',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'version', type: 'bigint', default: '1' },
        ],
      }),
    );
    await q.query('INSERT INTO data_version (id, version) VALUES (1, 1)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('data_version');
  }
}
