import type { CrosfhocalErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** An entry refused: a second one with the same email, after the closing date, or too many from one address. */
export class CrosfhocalException<C extends CrosfhocalErrorCode = CrosfhocalErrorCode> extends DomainException<'crosfhocal', C> {
  readonly domain = 'crosfhocal';
}
