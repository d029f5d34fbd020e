import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity';

export type StatKind = 'view' | 'enquiry';

/** One profile view or enquiry, counted for the lister's statistics. */
@Entity('stats')
@Index('IDX_stats_post_kind_created', ['postId', 'kind', 'createdAt'])
export class StatEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'post_id', type: 'int' })
  postId!: number;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: PostEntity;

  @Column({ type: 'varchar', length: 20 })
  kind!: StatKind;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
