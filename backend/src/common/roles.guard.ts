import type { Role } from '@directory/domain';
import { CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
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
    if (!viewer) throw new UnauthorizedException({ message: 'Please log in', field: 'Authorization' });
    if (!roles.includes(viewer.role)) throw new ForbiddenException({ message: `Only ${roles.join(' or ')} accounts may do this` });
    return true;
  }
}
