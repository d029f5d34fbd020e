import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's address for per-address rate limits: behind the proxies TRUST_PROXY names, the forwarded one.
 * `@ClientAddress() address: string`
 */
export const ClientAddress = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
});
