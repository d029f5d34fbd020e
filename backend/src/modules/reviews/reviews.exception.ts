import type { ReviewsErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** The reviews' refusals: links that no longer work, and changes a lister or an admin may not make. */
export class ReviewsException<C extends ReviewsErrorCode = ReviewsErrorCode> extends DomainException<'reviews', C> {
  readonly domain = 'reviews';
}
