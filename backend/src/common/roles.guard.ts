import { AccessErrorCode, Role } from '@directory/domain';
import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessException } from './domain.exception';
import type { Viewer } from './viewer';

const ROLES_KEY = 'roles';

/** Marks a route as needing a signed-in user with one of these roles: `@Roles('admin')`. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Runs after the global ViewerGuard has read the bearer token: a route with @Roles answers 401 to anonymous
 * callers and 403 to signed-in users of another role. Routes without @Roles are public.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const viewer = context.switchToHttp().getRequest<{ user?: Viewer | false }>().user;
    if (!viewer) throw new AccessException(AccessErrorCode.LoginNeeded, { field: 'Authorization' });
    if (!roles.includes(viewer.role)) throw new AccessException(AccessErrorCode.RoleNotAllowed, { values: [roles] });
    return true;
  }
}
