import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity';

@Entity('videos')
@Index('IDX_videos_post', ['postId'])
export class VideoEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'post_id', type: 'int' })
  postId!: number;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: PostEntity;

  @Column({ name: 'youtube_id', type: 'varchar', length: 20 })
  youtubeId!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  title!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
