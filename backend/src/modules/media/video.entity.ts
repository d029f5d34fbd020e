import { Column, Entity, Index } from 'typeorm';
import { PostItemEntity } from '../posts/post-ref';

@Entity('videos')
@Index('IDX_videos_post', ['postId'])
export class VideoEntity extends PostItemEntity {
  @Column({ name: 'youtube_id', type: 'varchar', length: 20 })
  youtubeId!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  title!: string;

  /** The video's length when known: a repertoire clip must start within it. */
  @Column({ name: 'duration_seconds', type: 'int', nullable: true })
  durationSeconds!: number | null;
}
