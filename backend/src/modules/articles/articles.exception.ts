import type { ArticlesErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** An article that is not published, or does not exist. */
export class ArticlesException<C extends ArticlesErrorCode = ArticlesErrorCode> extends DomainException<'articles', C> {
  readonly domain = 'articles';
}
