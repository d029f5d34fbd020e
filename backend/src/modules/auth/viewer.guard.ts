import { AccessErrorCode } from '@directory/domain';
import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AccessException } from '../../common/domain.exception';

/**
 * Global guard: a request without a bearer token is an anonymous visitor; a request
 * with one must carry a valid, unexpired token (401 otherwise, so the client refreshes).
 */
@Injectable()
export class ViewerGuard extends AuthGuard('jwt') {
  canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!req.headers.authorization) return true;
    return super.canActivate(context);
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) {
      throw new AccessException(AccessErrorCode.InvalidAccessToken, { field: 'Authorization' });
    }
    return user;
  }
}
