import type { ContactErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** Too many contact messages from one address. */
export class ContactException<C extends ContactErrorCode = ContactErrorCode> extends DomainException<'contact', C> {
  readonly domain = 'contact';
}
