import type { Role } from '@directory/domain';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** Who is calling: null for an anonymous visitor. Set by the JWT strategy. */
export interface Viewer {
  userId: number;
  role: Role;
  /** The login the access token belongs to (absent in tokens issued before it was carried). */
  familyId?: string;
}

export const isAdmin = (viewer: Viewer | null): boolean => viewer?.role === 'admin';

export const CurrentViewer = createParamDecorator((_: unknown, ctx: ExecutionContext): Viewer | null => {
  const req = ctx.switchToHttp().getRequest<{ user?: Viewer | false }>();
  return req.user || null;
});
