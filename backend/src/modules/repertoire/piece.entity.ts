import { Column, Entity, Index } from 'typeorm';
import { PrimaryId } from '../../database/columns';

/** A piece of the shared catalogue listers pick from (migration Repertoire writes the first ones). */
@Entity('pieces')
@Index('IDX_pieces_title', ['title'])
export class PieceEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 120, default: '' })
  composer!: string;
}
