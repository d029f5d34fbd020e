import type { AuthErrorCode, SessionErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** Sign-up, its code, login and password resets refused (codes and messages in @directory/domain). */
export class AuthException<C extends AuthErrorCode = AuthErrorCode> extends DomainException<'auth', C> {
  readonly domain = 'auth';
}

/** A session that cannot go on: refreshing it, or reading its user, is refused and the client signs in again. */
export class SessionException<C extends SessionErrorCode = SessionErrorCode> extends DomainException<'session', C> {
  readonly domain = 'session';
}
