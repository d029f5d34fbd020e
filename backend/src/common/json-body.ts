import { RequestErrorCode } from '@directory/domain';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { RequestException } from './domain.exception';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from '@directory/server-kit';

/** The largest JSON body the API reads, as sent and once decompressed (1 MB). */
export const MAX_BODY_BYTES = 1024 * 1024;

type Decoder = (body: Buffer, options: { maxOutputLength: number }) => Buffer;

/** The content codings a JSON body may be sent in (the ones browsers and HTTP libraries use). */
const DECODERS: Record<string, Decoder> = { identity: (body) => body, gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

const UTF8 = new TextDecoder();

/**
 * Fastify's parser for `application/json`, the only body type the API reads. It gets the bytes as sent (at most
 * MAX_BODY_BYTES) and, before anything is parsed: refuses what the depth scan cannot read (JSON is UTF-8 between
 * systems, RFC 8259 section 8.1), inflates a compressed body up to the same limit (so a small gzip bomb is a 413),
 * refuses bodies nested too deeply, and keeps the bytes as `rawBody` for signature checks (Nest's `rawBody` option
 * would keep the compressed bytes, not the ones a sender signs).
 */
export function parseJsonBody(req: RawBodyRequest<FastifyRequest>, sent: Buffer, done: (err: Error | null, body?: unknown) => void): void {
  try {
    done(null, readJson(req, sent));
  } catch (err) {
    done(err as Error);
  }
}

/** Fastify's parser for every other body type: a 415 before the body is read (a request without a route is left to its 404). */
export function refuseBody(req: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void): void {
  done(req.is404 ? null : new RequestException(RequestErrorCode.UnsupportedMediaType));
}

function readJson(req: RawBodyRequest<FastifyRequest>, sent: Buffer): unknown {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (!Object.hasOwn(DECODERS, encoding) || charsetOf(req.headers['content-type']) !== 'utf-8') {
    throw new RequestException(RequestErrorCode.UnsupportedMediaType);
  }
  const body = inflate(encoding, sent);
  if (jsonNestedDeeperThan(body)) {
    throw new RequestException(RequestErrorCode.BodyTooDeep, { values: [MAX_JSON_DEPTH] });
  }
  req.rawBody = body;
  // An empty body reads as no fields, so each route's validation names what is missing.
  if (body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(UTF8.decode(body));
  } catch (err) {
    throw new RequestException(RequestErrorCode.InvalidRequest, { values: [(err as Error).message] });
  }
  if (typeof value !== 'object' || value === null) {
    throw new RequestException(RequestErrorCode.InvalidRequest, { values: ['The request body must be a JSON object or array'] });
  }
  return value;
}

function inflate(encoding: string, sent: Buffer): Buffer {
  try {
    return DECODERS[encoding](sent, { maxOutputLength: MAX_BODY_BYTES });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new RequestException(RequestErrorCode.BodyTooLarge);
    throw new RequestException(RequestErrorCode.InvalidJson);
  }
}

/** The charset parameter of a Content-Type, lower-cased; UTF-8 when there is none (RFC 8259 section 11). */
function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]).toLowerCase() : 'utf-8';
}
