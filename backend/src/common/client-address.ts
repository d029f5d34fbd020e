import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The caller's address for per-address rate limits: behind the proxies TRUST_PROXY names, the forwarded one.
 * `@ClientAddress() address: string`
 */
export const ClientAddress = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
});
