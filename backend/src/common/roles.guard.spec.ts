import { ExecutionContext, ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Roles, RolesGuard } from './roles.guard';

class Routes {
  @Roles('admin')
  adminOnly() {}

  @Roles('member', 'admin')
  anyAccount() {}

  open() {}
}

const context = (handler: keyof Routes, user: unknown): ExecutionContext =>
  ({
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  }) as unknown as ExecutionContext;

describe(RolesGuard.name, () => {
  const guard = new RolesGuard(new Reflector());
  const member = { userId: 1, role: 'member' };
  const admin = { userId: 2, role: 'admin' };

  it('lets anyone through routes without @Roles', () => {
    expect(guard.canActivate(context('open', undefined))).toBe(true);
  });

  it('answers 401 to anonymous callers of a @Roles route', () => {
    expect(() => guard.canActivate(context('anyAccount', undefined))).toThrow(UnauthorizedException);
  });

  it('answers 403 to a member on an admin route, and lets an admin through', () => {
    expect(() => guard.canActivate(context('adminOnly', member))).toThrow(ForbiddenException);
    expect(guard.canActivate(context('adminOnly', admin))).toBe(true);
    expect(guard.canActivate(context('anyAccount', member))).toBe(true);
  });
});
