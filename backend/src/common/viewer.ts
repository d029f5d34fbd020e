import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Role } from '../modules/users/user.entity';

/** Who is calling: null for an anonymous visitor. Set by the JWT strategy. */
export interface Viewer {
  userId: number;
  role: Role;
}

export const isAdmin = (viewer: Viewer | null): boolean => viewer?.role === 'admin';

export const CurrentViewer = createParamDecorator((_: unknown, ctx: ExecutionContext): Viewer | null => {
  const req = ctx.switchToHttp().getRequest<{ user?: Viewer | false }>();
  return req.user || null;
});
