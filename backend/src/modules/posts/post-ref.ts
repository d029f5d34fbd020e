import { Column, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';
import { PostEntity } from './post.entity';

/** The `post_id` of a row that belongs to a post; part of the primary key where the row is one per post and key. */
export const PostId = (options: { primary?: boolean } = {}): PropertyDecorator =>
  (options.primary ? PrimaryColumn : Column)({ name: 'post_id', type: 'int' });

/** The post itself, over `post_id`: deleting a post deletes what belongs to it (ON DELETE CASCADE in the migrations). */
export function BelongsToPost(): PropertyDecorator {
  return (target, key) => {
    ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })(target, key);
    JoinColumn({ name: 'post_id' })(target, key);
  };
}

/**
 * A row with an id of its own that belongs to one post (a calendar feed, a piece of a repertoire). Each table holds
 * these columns itself: TypeORM copies them into every entity that extends this class.
 */
export abstract class PostRowEntity {
  @PrimaryId()
  id!: number;

  @PostId()
  postId!: number;

  @BelongsToPost()
  post?: PostEntity;
}

/** A row of a post's that was added at a given moment (a video, an audio track, an enquiry, a review). */
export abstract class PostItemEntity extends PostRowEntity {
  @CreatedAt()
  createdAt!: Date;
}
