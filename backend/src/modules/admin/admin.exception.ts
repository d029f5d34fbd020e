import type { AdminErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** The back office's refusals: an unknown record, a taken email or slug, an admin acting on their own account. */
export class AdminException<C extends AdminErrorCode = AdminErrorCode> extends DomainException<'admin', C> {
  readonly domain = 'admin';
}
