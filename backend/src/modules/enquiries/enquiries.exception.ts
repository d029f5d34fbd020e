import type { EnquiriesErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** The enquiry form's token refused, or too many enquiries from one address. */
export class EnquiriesException<C extends EnquiriesErrorCode = EnquiriesErrorCode> extends DomainException<'enquiries', C> {
  readonly domain = 'enquiries';
}
