import type { PostsErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** A post the caller may not see or list (codes and messages in @directory/domain, statuses in common/error-answers.ts). */
export class PostsException<C extends PostsErrorCode = PostsErrorCode> extends DomainException<'posts', C> {
  readonly domain = 'posts';
}
