import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { CATALOGUE } from '../../modules/repertoire/catalogue';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/**
 * Church repertoire: the shared catalogue of pieces (written here with its first pieces, so every database has it,
 * not only a seeded one), each listing's pieces per ceremony moment (post_pieces, going with the post), and the length
 * of a listing's video when known (videos.duration_seconds), against which a clip's start is checked.
 */
export class Repertoire1766810000000 implements MigrationInterface {
  name = 'Repertoire1766810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'pieces',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'composer', type: 'varchar', length: '120', default: "''" },
        ],
        indices: [new TableIndex({ name: 'IDX_pieces_title', columnNames: ['title'] })],
      }),
    );
    for (let i = 0; i < CATALOGUE.length; i += 50) {
      const chunk = CATALOGUE.slice(i, i + 50);
      await q.query(`INSERT INTO pieces (title, composer) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`, chunk.flat());
    }
    await q.createTable(
      new Table({
        name: 'post_pieces',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'post_id', type: 'int' },
          { name: 'position', type: 'int' },
          { name: 'ceremony', type: 'varchar', length: '20' },
          { name: 'moment', type: 'varchar', length: '30' },
          { name: 'piece_id', type: 'int', isNullable: true },
          { name: 'title', type: 'varchar', length: '200', default: "''" },
          { name: 'composer', type: 'varchar', length: '120', default: "''" },
          { name: 'language', type: 'varchar', length: '12' },
          { name: 'clip_youtube_id', type: 'varchar', length: '20', isNullable: true },
          { name: 'clip_start', type: 'int', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_post_pieces_post', columnNames: ['post_id', 'position'] }),
          new TableIndex({ name: 'IDX_post_pieces_piece', columnNames: ['piece_id', 'post_id'] }),
          new TableIndex({ name: 'IDX_post_pieces_language', columnNames: ['language', 'post_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({ columnNames: ['post_id'], referencedTableName: 'posts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
          new TableForeignKey({ columnNames: ['piece_id'], referencedTableName: 'pieces', referencedColumnNames: ['id'], onDelete: 'RESTRICT' }),
        ],
      }),
    );
    await addColumnsInPlace(q, 'videos', [{ name: 'duration_seconds', type: 'int', nullable: true }]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'videos', ['duration_seconds']);
    await q.dropTable('post_pieces');
    await q.dropTable('pieces');
  }
}
