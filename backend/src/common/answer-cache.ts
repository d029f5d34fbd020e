import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AnswerCacheConfig } from '../config/configuration';
import type { RequestLines } from '../infra/logging';
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
 * - Hits before Fastify (answerHitsFirst below): once Fastify has served a hit for a request line, the same request
 *   line is answered by the Node server's own request listener, with the same bytes and headers, before Fastify's
 *   routing, hooks and reply (the goal in docs/performance.md: a hit at half the bare node:http server's rate).
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
/** A remembered request line's share of the cache's bytes: the line, the key it names, its map slot. */
const lineSize = (line: string, key: string) => line.length + key.length + ENTRY_OVERHEAD;
/** Longer request lines are left to Fastify each time rather than remembered (they are bounded by count too). */
const MAX_ALIASED_LINE = 2048;
/** Origins whose headers are learnt per answer: the site's, the admin's and none in practice; more replace the oldest. */
const MAX_ORIGINS = 4;
const REQUEST_ID = 'x-request-id';

interface Entry {
  version: string;
  body: Buffer;
  etag: string;
  headers: [string, string][];
  /** Its bytes as filed: body, key, kept headers. */
  size: number;
  /** The bytes of the header blocks learnt since (sent), counted in the cache's bound while it is kept. */
  learnt?: number;
  /** The whole header block Fastify sent on a hit of this answer, per request Origin (learnt, see answerHitsFirst). */
  sent?: Map<string, SentHeaders>;
}

/** One Origin's headers of a hit as Fastify wrote them (names as written, in order), for 200 and for 304. */
interface SentHeaders {
  ok?: HeaderBlock;
  notModified?: HeaderBlock;
}

interface HeaderBlock {
  /** name, value, name, value... as res.writeHead takes them. */
  flat: string[];
  /** Where the request id's value sits in flat (it is each request's own); -1 when absent. */
  idAt: number;
  /** Its size, counted in the cache's bytes. */
  bytes: number;
}

interface Pending {
  key: string;
  version: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers kept (tests and operators read its counts). */
    answerStore: AnswerStore;
  }
  interface FastifyRequest {
    /** Set by the preHandler on a miss: the onSend hook files the answer under this key and version. */
    answerCacheMiss?: Pending;
    /** Set by the preHandler on a hit: the onResponse hook learns the headers sent with it. */
    answerCacheHit?: { key: string; entry: Entry };
  }
}

/** Options of a lookup (one shared object, so a lookup allocates nothing; lru-cache writes its `status` field back). */
const LOOKUP = {};

/**
 * The answers kept and the request lines that lead to them, on lru-cache (its least-recently-used order, its count
 * bounds): both in one bound of bytes, with the header bytes learnt for an answer after it was filed.
 */
export class AnswerStore {
  private readonly entries: LRUCache<string, Entry>;
  /** Request lines (path and query as sent) Fastify has routed to a key: the fast path's lookup, without routing. */
  private readonly lines: LRUCache<string, string>;
  /** The header bytes learnt for the answers kept (their filed sizes are the entries' own). */
  private learnt = 0;
  /** Answers sent by the fast path, before Fastify (for tests and operators). */
  fastHits = 0;

  constructor(
    private readonly maxBytes: number,
    maxEntries: number,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      // An answer larger than the whole is not kept.
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.size,
      dispose: (entry) => (this.learnt -= entry.learnt ?? 0),
    });
    this.lines = new LRUCache<string, string>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (key, line) => lineSize(line, key) });
  }

  /** The entry, counted as used. */
  get(key: string): Entry | undefined {
    return this.entries.get(key, LOOKUP);
  }

  /** Grows (or shrinks) an entry still kept by bytes learnt since it was filed, dropping the least recently used past the bounds. */
  resize(key: string, entry: Entry, delta: number): void {
    if (this.entries.peek(key, LOOKUP) !== entry) return;
    entry.learnt = (entry.learnt ?? 0) + delta;
    this.learnt += delta;
    this.fitAnswers();
  }

  /** The entry without counting it as used (the fast path counts it once it answers). */
  peek(key: string): Entry | undefined {
    return this.entries.peek(key, LOOKUP);
  }

  set(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.fitAnswers();
  }

  /** Drops the least recently used answers while the answers and lines pass the bytes. */
  private fitAnswers(): void {
    while (this.bytes > this.maxBytes && this.entries.size > 0) this.entries.pop();
  }

  /** Remembers the key Fastify's routing gave a request line, the least recently remembered going past maxEntries. */
  alias(line: string, key: string): void {
    if (line.length > MAX_ALIASED_LINE || this.lines.peek(line, LOOKUP) === key) return;
    this.lines.set(line, key);
    // Lines count in the cache's bytes (many spellings of one query are many lines); an old one forgotten is only
    // answered through Fastify again, which remembers it anew.
    while (this.bytes > this.maxBytes && this.lines.size > 0) this.lines.pop();
  }

  /** The key a request line was routed to, when Fastify has routed it since it was last forgotten. */
  keyOfLine(line: string): string | undefined {
    return this.lines.peek(line, LOOKUP);
  }

  /** The answers' bodies and headers, and the request lines remembered for the fast path. */
  get bytes(): number {
    return this.entries.calculatedSize + this.learnt + this.lines.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }
}

/** Installs the cache's hooks on the API's Fastify instance (before the routes are registered). */
export function installAnswerCache(fastify: FastifyInstance, versions: VersionSource, config: AnswerCacheConfig, log: FastPathLog): AnswerStore {
  const store = new AnswerStore(config.maxBytes, config.maxEntries);
  fastify.decorate('answerStore', store);

  // Callback-style hooks, not async ones: every public read passes them, and a promise each (with its async-context
  // hooks, logging.ts) was measurable on a cold read.
  const answerFrom = (version: string, req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header(DATA_VERSION_HEADER, version);
    if (signedIn(req)) {
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL).header(ANSWER_CACHE_HEADER, 'bypass');
      return done();
    }
    if (!config.enabled) {
      reply.header(ANSWER_CACHE_HEADER, 'off');
      return done();
    }
    const key = keyOf(req);
    const entry = store.get(key);
    if (!entry || entry.version !== version) {
      req.answerCacheMiss = { key, version };
      reply.header(ANSWER_CACHE_HEADER, 'miss');
      return done();
    }
    req.answerCacheHit = { key, entry };
    store.alias(req.url, key);
    reply.header(ANSWER_CACHE_HEADER, 'hit').header('Cache-Control', PUBLIC_CACHE_CONTROL).header('ETag', entry.etag);
    // Answered here: the route's handler does not run (done is not called).
    if (matches(req.headers['if-none-match'], entry.etag)) return void reply.code(304).send();
    for (const [name, value] of entry.headers) reply.header(name, value);
    reply.send(entry.body);
  };

  fastify.addHook('preHandler', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (req.method !== 'GET' || !isPublicAnswer(req)) return done();
    const fresh = versions.fresh();
    if (fresh !== null) return answerFrom(fresh, req, reply, done);
    versions.recent().then(
      (version) => {
        try {
          answerFrom(version, req, reply, done);
        } catch (err) {
          done(err as Error);
        }
      },
      // The version cannot be read (the database is away): the handler answers, or fails, as without the cache.
      () => done(),
    );
  });

  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const miss = req.answerCacheMiss;
    if (!miss) return done(null, payload);
    req.answerCacheMiss = undefined;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
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
      return done(null, null);
    }
    done(null, body);
  });

  // After a hit is written: keep its headers as written, for the fast path's next answer to the same line and Origin.
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const hit = req.answerCacheHit;
    if (hit && !closing && (reply.statusCode === 200 || reply.statusCode === 304)) learnHeaders(store, hit.key, hit.entry, req, reply);
    done();
  });
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  answerHitsFirst(fastify.server, store, versions, log, () => closing);

  return store;
}

/** What the fast path needs of the request log: the request id as Fastify makes it, and the line Fastify's hook writes. */
export type FastPathLog = Pick<RequestLines, 'requestId' | 'logAnswer'>;

/**
 * The fast path: a repeated anonymous GET of a request line Fastify has already answered from the cache is answered by
 * the Node server's request listener, before Fastify, with the bytes kept and the header block Fastify wrote on that
 * hit (helmet's, CORS's for the same Origin, the cache's, the kept ones), only the request id being the request's own.
 * Anything else goes to Fastify as before: a line not yet routed, a signed-in caller, a body, HEAD, another method,
 * an Origin not yet seen on a hit of this answer, a version not known fresh without waiting (Fastify waits for it),
 * an answer of another version, and every request once the server is closing. It writes the request's log line.
 *
 * The headers learnt are valid for any request with the same line and Origin because nothing else of the request
 * changes what Fastify sends on a hit (If-None-Match picks the 304 block, learnt from a 304): a hook that would add a
 * header depending on another request header must be told of here. The listener is wrapped rather than given as
 * Fastify's serverFactory, which changes how Fastify sets the server's timeouts and closes it.
 */
function answerHitsFirst(server: Server, store: AnswerStore, versions: VersionSource, log: FastPathLog, isClosing: () => boolean): void {
  const listeners = server.listeners('request');
  // Fastify's own handler, the server's only one; anything else and every request goes to Fastify as before.
  if (listeners.length !== 1) return;
  const fastify = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const h = req.headers;
    if (h.authorization !== undefined || h.cookie !== undefined || h['content-type'] !== undefined || h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return false;
    const key = store.keyOfLine(req.url!);
    if (key === undefined) return false;
    const version = versions.fresh();
    if (version === null || isClosing()) return false;
    const entry = store.peek(key);
    if (!entry || entry.version !== version) return false;
    const sent = entry.sent?.get(h.origin ?? '');
    const notModified = matches(h['if-none-match'], entry.etag);
    const block = notModified ? sent?.notModified : sent?.ok;
    if (!block) return false;
    const started = performance.now();
    store.get(key);
    const id = log.requestId(req);
    // writeHead reads the block at once (into the header text it keeps), so the request's id goes in place.
    const headers = block.flat;
    if (block.idAt >= 0) headers[block.idAt] = id;
    store.fastHits++;
    if (notModified) res.writeHead(304, headers).end();
    else res.writeHead(200, headers).end(entry.body);
    log.logAnswer(id, req.url!, notModified ? 304 : 200, performance.now() - started);
    return true;
  };
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!answer(req, res)) fastify(req, res);
  });
}

/**
 * The header block as written on the wire: what was set on Node's response (helmet) merged with Fastify's reply
 * headers the way res.writeHead merges them (same name: replaced in place), original letter case kept.
 */
function learnHeaders(store: AnswerStore, key: string, entry: Entry, req: FastifyRequest, reply: FastifyReply): void {
  const res = reply.raw;
  const names: string[] = [];
  const values: (string | string[])[] = [];
  const at = new Map<string, number>();
  const put = (name: string, value: unknown) => {
    if (value === undefined) return;
    const v = Array.isArray(value) ? value.map(String) : String(value);
    const i = at.get(name.toLowerCase());
    if (i === undefined) {
      at.set(name.toLowerCase(), names.length);
      names.push(name);
      values.push(v);
    } else if (String(values[i]) !== String(v)) {
      names[i] = name;
      values[i] = v;
    }
  };
  // getRawHeaderNames (Node 15.13) is missing from the installed @types/node.
  for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) put(name, res.getHeader(name));
  for (const [name, value] of Object.entries(reply.getHeaders())) put(name, value);
  // Set only while closing (the connections end then); never kept, whatever sets it.
  if (at.has('connection')) return;
  const flat: string[] = [];
  let idAt = -1;
  let bytes = 0;
  names.forEach((name, i) => {
    for (const value of Array.isArray(values[i]) ? values[i] : [values[i] as string]) {
      if (name.toLowerCase() === REQUEST_ID) idAt = flat.length + 1;
      flat.push(name, value);
      bytes += name.length + value.length + 4;
    }
  });
  const origin = req.headers.origin ?? '';
  entry.sent ??= new Map();
  const known = entry.sent.get(origin);
  const sent = known ?? {};
  const ok = reply.statusCode === 200;
  const old = ok ? sent.ok : sent.notModified;
  if (ok) sent.ok = { flat, idAt, bytes };
  else sent.notModified = { flat, idAt, bytes };
  entry.sent.delete(origin);
  entry.sent.set(origin, sent);
  let delta = bytes - (old?.bytes ?? 0) + (known ? 0 : origin.length);
  if (entry.sent.size > MAX_ORIGINS) {
    const [oldest, dropped] = entry.sent.entries().next().value!;
    entry.sent.delete(oldest);
    delta -= (dropped.ok?.bytes ?? 0) + (dropped.notModified?.bytes ?? 0) + oldest.length;
  }
  // The blocks count in the cache's bytes with the body they go with.
  store.resize(key, entry, delta);
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
