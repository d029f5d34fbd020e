import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { answerFor } from './error-answers';
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

  /** What the caller is answered when the guard refuses. */
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      return answerFor(err);
    }
    throw new Error('the guard let the caller through');
  };

  it('answers 401 login_needed to anonymous callers of a @Roles route', () => {
    const body = { statusCode: 401, code: 'login_needed', error: 'Unauthorized', message: 'Please log in', field: 'Authorization' };
    expect(refusal(() => guard.canActivate(context('anyAccount', undefined)))).toEqual(body);
  });

  it('answers 403 role_not_allowed, naming the roles, to a member on an admin route, and lets an admin through', () => {
    const body = { statusCode: 403, code: 'role_not_allowed', error: 'Forbidden', message: 'Only admin accounts may do this' };
    expect(refusal(() => guard.canActivate(context('adminOnly', member)))).toEqual(body);
    expect(guard.canActivate(context('adminOnly', admin))).toBe(true);
    expect(guard.canActivate(context('anyAccount', member))).toBe(true);
  });
});
