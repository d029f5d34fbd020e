import { createHash } from 'node:crypto';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCacheConfig } from '../config/configuration';
import { TOTAL_COUNT_HEADER } from './page';
import { PublicRead } from './replica-reads';

/**
 * The public-read answer cache. A route marked @PublicAnswer() has its anonymous GET answers kept as the bytes sent,
 * per data version: built once by the route's handler, then sent from memory by a preHandler hook, before Nest's
 * guards, pipes, handler, interceptors and JSON serialisation run. The services know nothing of it.
 *
 * - Key: the route's path pattern, its path parameters and its query parameters sorted by name. Only 200 answers are
 *   kept, so a query the route refuses (an unknown parameter, a bad value, a missing post) is refused every time, as
 *   without the cache.
 * - Freshness: an entry is used only while its data version is the current one (DataVersion.recent(): the version
 *   row is the truth shared by every API process, read again at most every DATA_VERSION_CHECK_MS, at once after this
 *   process's own writes).
 * - Signed-in callers (an Authorization header, or any cookie: the site's session cookies) never read nor fill it:
 *   admins see hidden listings, owners their drafts.
 * - Bounded: least recently used answers go past ANSWER_CACHE_MAX_MB of bodies or ANSWER_CACHE_MAX_ENTRIES answers.
 * - Headers: X-Data-Version on every answer of a marked route; for anonymous callers an ETag (a hash of the body, so a
 *   write elsewhere does not end a client's copy of an answer that did not change) with 304 on If-None-Match, and
 *   `Cache-Control: public, max-age=0, must-revalidate` (keep, but ask each time: the version may move any moment);
 *   `private, no-store` for signed-in callers. X-Total-Count (and Content-Range) are kept with the body.
 * - X-Answer-Cache: hit, miss, bypass (signed in) or off (ANSWER_CACHE=off), for tests and operators.
 * - Read replicas: a public answer is also a @PublicRead, read on a replica when DATABASE_REPLICA_URLS lists any (and
 *   DataVersion reads the version there too, so an answer is never filed under a version newer than its data).
 */
export const PublicAnswer = () => applyDecorators(RouteConfig({ publicAnswer: true }), PublicRead());

/** What the cache needs of the data version (DataVersion). */
export interface VersionSource {
  fresh(): string | null;
  recent(): Promise<string>;
}

export const DATA_VERSION_HEADER = 'X-Data-Version';
export const ANSWER_CACHE_HEADER = 'X-Answer-Cache';
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** The handler's headers kept with a body; the rest (CORS, helmet, request id) belong to each request. */
const KEPT_HEADERS = ['content-type', TOTAL_COUNT_HEADER.toLowerCase(), 'content-range'];
/** A rough per-entry overhead (key, headers, map slot), so many tiny answers are bounded too. */
const ENTRY_OVERHEAD = 256;

interface Entry {
  version: string;
  body: Buffer;
  etag: string;
  headers: [string, string][];
  size: number;
}

interface Pending {
  key: string;
  version: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the preHandler on a miss: the onSend hook files the answer under this key and version. */
    answerCacheMiss?: Pending;
  }
}

/** A least-recently-used map bounded by entries and bytes. */
export class AnswerStore {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    if (entry.size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.size += entry.size;
    for (const [oldest] of this.entries) {
      if (this.size <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.delete(oldest);
    }
  }

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.size -= old.size;
  }
}

/** Installs the cache's hooks on the API's Fastify instance (before the routes are registered). */
export function installAnswerCache(fastify: FastifyInstance, versions: VersionSource, config: AnswerCacheConfig): AnswerStore {
  const store = new AnswerStore(config.maxBytes, config.maxEntries);

  fastify.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' || !isPublicAnswer(req)) return;
    let version: string;
    try {
      version = versions.fresh() ?? (await versions.recent());
    } catch {
      // The version cannot be read (the database is away): the handler answers, or fails, as without the cache.
      return;
    }
    reply.header(DATA_VERSION_HEADER, version);
    if (signedIn(req)) {
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL).header(ANSWER_CACHE_HEADER, 'bypass');
      return;
    }
    if (!config.enabled) {
      reply.header(ANSWER_CACHE_HEADER, 'off');
      return;
    }
    const key = keyOf(req);
    const entry = store.get(key);
    if (!entry || entry.version !== version) {
      req.answerCacheMiss = { key, version };
      reply.header(ANSWER_CACHE_HEADER, 'miss');
      return;
    }
    reply.header(ANSWER_CACHE_HEADER, 'hit').header('Cache-Control', PUBLIC_CACHE_CONTROL).header('ETag', entry.etag);
    if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    for (const [name, value] of entry.headers) reply.header(name, value);
    return reply.send(entry.body);
  });

  fastify.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const miss = req.answerCacheMiss;
    if (!miss) return payload;
    req.answerCacheMiss = undefined;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    const headers: [string, string][] = [];
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers.push([name, String(value)]);
    }
    const size = body.length + miss.key.length * 2 + ENTRY_OVERHEAD;
    store.set(miss.key, { version: miss.version, body, etag, headers, size });
    reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).header('ETag', etag);
    if (matches(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return null;
    }
    return body;
  });

  return store;
}

function isPublicAnswer(req: FastifyRequest): boolean {
  return (req.routeOptions.config as { publicAnswer?: boolean } | undefined)?.publicAnswer === true;
}

/** A bearer token or a cookie (the site's session): the answer may be the caller's own, never a shared one. */
function signedIn(req: FastifyRequest): boolean {
  return req.headers.authorization !== undefined || req.headers.cookie !== undefined;
}

/** The route's pattern (so letter case and a trailing slash make one entry), its parameters, its query sorted by name. */
export function keyOf(req: Pick<FastifyRequest, 'routeOptions' | 'params' | 'query'>): string {
  let key = `${req.routeOptions.url ?? ''} ${JSON.stringify(req.params ?? {})}`;
  const query = (req.query ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(query).sort()) key += `&${name}=${JSON.stringify(query[name])}`;
  return key;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });
}
