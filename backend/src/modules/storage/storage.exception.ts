import type { StorageErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** A file under /storage/ that is neither on disk nor a cover the API can draw. */
export class StorageException<C extends StorageErrorCode = StorageErrorCode> extends DomainException<'storage', C> {
  readonly domain = 'storage';
}
