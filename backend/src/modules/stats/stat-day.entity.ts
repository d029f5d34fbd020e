import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BelongsToPost, PostId } from '../posts/post-ref';
import { PostEntity } from '../posts/post.entity';

export type StatKind = 'view' | 'enquiry';

/** How many profile views or enquiries a post had on one day (UTC), for the lister's statistics. */
@Entity('stat_days')
export class StatDayEntity {
  @PostId({ primary: true })
  postId!: number;

  @BelongsToPost()
  post?: PostEntity;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind!: StatKind;

  /** YYYY-MM-DD */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'int', default: 0 })
  total!: number;
}
