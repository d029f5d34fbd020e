import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { PublicSiteConfig } from '../lib/types.js';

/**
 * Protective headers on every answer of the site server (what helmet would send, as a handful of fixed values).
 * HSTS only over https: req.secure believes X-Forwarded-Proto from the proxies TRUST_PROXY names, and over plain
 * http the header would be ignored anyway.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Origin-Agent-Cluster', '?1');
  res.setHeader('X-DNS-Prefetch-Control', 'off');
  res.setHeader('X-Permitted-Cross-Domain-Policies', 'none');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}

/** A fresh nonce per page: Vike puts it on every script it writes, and the policy allows only those inline scripts. */
export const newNonce = () => randomBytes(16).toString('base64url');

/** Hosts that the analytics tools loaded after consent (lib/consent.ts) use, as their makers' CSP guides list them. */
const ANALYTICS: Record<'google' | 'clarity', Record<'script' | 'img' | 'connect', string[]>> = {
  google: { script: ['https://*.googletagmanager.com'], img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'], connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'] },
  clarity: { script: ['https://*.clarity.ms'], img: ['https://*.clarity.ms', 'https://c.bing.com'], connect: ['https://*.clarity.ms'] },
};

/**
 * The Content-Security-Policy of a page: scripts from this origin and the page's nonce only; frames only the two
 * media players; images from here, data: URLs, the map's tile server and the API (listing photos); calls to here
 * and the API. The analytics hosts join only when their tool is configured.
 */
export function contentSecurityPolicy(site: PublicSiteConfig, nonce: string): string {
  const tools = [site.analyticsId && ANALYTICS.google, site.sessionAnalyticsId && ANALYTICS.clarity].filter((t) => !!t);
  const of = (kind: 'script' | 'img' | 'connect') => tools.flatMap((t) => t[kind]);
  // MAP_TILE_URL is a template such as https://{s}.tile.example.org/{z}/{x}/{y}.png: its origin, {s} as any subdomain.
  const tiles = /^https?:\/\/[^/]+/.exec(site.mapTileUrl)?.[0].replace('{s}', '*');
  const directives: Record<string, (string | undefined)[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...of('script')],
    // The page's own inline stylesheet (pages/+Head.tsx) carries the nonce; style attributes stay refused.
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', tiles, site.apiOrigin, ...of('img')],
    'connect-src': ["'self'", site.apiOrigin, ...of('connect')],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://w.soundcloud.com'],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources.filter(Boolean))].join(' '))
    .join('; ');
}
