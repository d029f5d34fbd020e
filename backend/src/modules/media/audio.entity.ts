import { Column, Entity, Index } from 'typeorm';
import { PostItemEntity } from '../posts/post-ref';

@Entity('audios')
@Index('IDX_audios_post', ['postId'])
export class AudioEntity extends PostItemEntity {
  /** A track on the audio-streaming site (the player is chosen by this URL's prefix). */
  @Column({ type: 'varchar', length: 500 })
  url!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  title!: string;
}
