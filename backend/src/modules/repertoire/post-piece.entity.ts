import type { CeremonyType, PieceLanguage } from '@directory/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PostRowEntity } from '../posts/post-ref';
import { PieceEntity } from './piece.entity';

/**
 * One piece at one moment of a listing's repertoire, in the lister's order (position). A catalogue piece keeps its id
 * (what "plays {piece}" searches by); a typed-in one has none and its own title and composer.
 */
@Entity('post_pieces')
@Index('IDX_post_pieces_post', ['postId', 'position'])
// "plays {piece}" and "sings in Irish" look up a listing's pieces by these, from the listing.
@Index('IDX_post_pieces_piece', ['pieceId', 'postId'])
@Index('IDX_post_pieces_language', ['language', 'postId'])
export class PostPieceEntity extends PostRowEntity {
  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 20 })
  ceremony!: CeremonyType;

  @Column({ type: 'varchar', length: 30 })
  moment!: string;

  @Column({ name: 'piece_id', type: 'int', nullable: true })
  pieceId!: number | null;

  @ManyToOne(() => PieceEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'piece_id' })
  piece?: PieceEntity;

  @Column({ type: 'varchar', length: 200, default: '' })
  title!: string;

  @Column({ type: 'varchar', length: 120, default: '' })
  composer!: string;

  @Column({ type: 'varchar', length: 12 })
  language!: PieceLanguage;

  @Column({ name: 'clip_youtube_id', type: 'varchar', length: 20, nullable: true })
  clipYoutubeId!: string | null;

  @Column({ name: 'clip_start', type: 'int', nullable: true })
  clipStart!: number | null;
}
