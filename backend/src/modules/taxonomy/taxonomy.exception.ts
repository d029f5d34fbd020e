import type { TaxonomyErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** An unknown category or county slug. */
export class TaxonomyException<C extends TaxonomyErrorCode = TaxonomyErrorCode> extends DomainException<'taxonomy', C> {
  readonly domain = 'taxonomy';
}
