import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';

/**
 * The caller's address for per-address limits and daily view counts: behind the proxies TRUST_PROXY names, the
 * forwarded one, as the key it counts under (addressKey). `@ClientAddress() address: string`
 */
export const ClientAddress = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
});

/**
 * What an address counts as: an IPv6 address by its /64 ('2001:db8:1:2::/64'), an IPv4-mapped one as the IPv4
 * address, anything else as itself. One home or server is given a whole /64 and may use any address in it.
 */
export function addressKey(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (!isIPv6(ip)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail] = ip.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const front = groups(head);
  // Only the first four groups matter, and an embedded IPv4 address can only sit in the last two.
  const missing = tail === undefined ? 0 : 8 - front.length - groups(tail).length - (ip.includes('.') ? 1 : 0);
  const full = [...front, ...Array<string>(missing).fill('0'), ...groups(tail)];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

