import { AccessErrorCode, quotaText, WRITE_QUOTAS, type WriteQuotaName } from '@directory/domain';
import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Limit, RateLimiter } from '../infra/rate-limiter';
import { AccessException } from './domain.exception';
import type { Viewer } from './viewer';

const QUOTA_KEY = 'writeQuota';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Counts a route's writes under its own quota of WRITE_QUOTAS as well as under `any`: `@WriteQuota('newPost')`. */
export const WriteQuota = (name: Exclude<WriteQuotaName, 'any'>) => SetMetadata(QUOTA_KEY, name);

/**
 * Global, after the viewer and roles guards: every write made with a member's token counts against the member's
 * quotas (WRITE_QUOTAS in @directory/domain), in the database through RateLimiter, so parallel requests and several
 * API processes share one count and of any burst at most the quota passes. Anonymous writes have their own limits
 * per address where they matter (enquiries, contact, sign-up); admins have none.
 */
@Injectable()
export class WriteQuotaGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  /** Synchronous for what is not counted (reads, visitors, admins): the public reads stay off the promise path. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ method: string; user?: Viewer | false }>();
    const viewer = req.user;
    if (!viewer || viewer.role === 'admin' || READS.has(req.method)) return true;
    return this.count(viewer, context);
  }

  private async count(viewer: Viewer, context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<WriteQuotaName | undefined>(QUOTA_KEY, context.getHandler());
    const quotas = [...WRITE_QUOTAS.any.map((q) => ({ ...q, name: 'any' })), ...(name ? WRITE_QUOTAS[name].map((q) => ({ ...q, name })) : [])];
    const limits: (Limit & { text: string })[] = quotas.map((q) => ({ scope: `writes-${q.name}`, subject: String(viewer.userId), max: q.max, windowMs: q.windowMs, text: quotaText(q) }));
    await this.limiter.attempt(limits, (reached) => new AccessException(AccessErrorCode.TooManyWrites, { values: [(reached as (typeof limits)[number]).text] }));
    return true;
  }
}
