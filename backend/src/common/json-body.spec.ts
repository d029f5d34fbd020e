import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { answerFor } from './error-answers';
import { MAX_BODY_BYTES, parseJsonBody } from './json-body';

type Parsed = { req: RawBodyRequest<FastifyRequest>; err: Error | null; body?: unknown };

function parse(sent: Buffer | string, headers: Record<string, string> = {}): Parsed {
  const req = { headers: { 'content-type': 'application/json', ...headers } } as unknown as RawBodyRequest<FastifyRequest>;
  let parsed: Parsed = { req, err: null };
  parseJsonBody(req, Buffer.from(sent), (err, body) => (parsed = { req, err, body }));
  return parsed;
}

/** The refusal as the API answers it: its status and the error body the filter sends. */
const answer = ({ err }: Parsed) => {
  const body = answerFor(err);
  return body ? { status: body.statusCode, body } : err;
};

describe(parseJsonBody.name, () => {
  const json = JSON.stringify({ email: 'aoife@example.ie', note: 'Ní 🎻' });

  it.each([
    ['identity', (b: Buffer) => b],
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
    ['GZIP', gzipSync],
  ])('reads a body sent as %s and keeps its decompressed bytes as rawBody for signature checks', (encoding, compress) => {
    const parsed = parse(compress(Buffer.from(json)), { 'content-encoding': encoding });
    expect(parsed).toMatchObject({ err: null, body: JSON.parse(json) });
    expect(parsed.req.rawBody?.toString('utf8')).toBe(json);
  });

  it('reads UTF-8 named in any case or quoted, and a body that starts with a byte order mark', () => {
    expect(parse(json, { 'content-type': 'application/json; charset="UTF-8"' }).body).toEqual(JSON.parse(json));
    expect(parse(`\ufeff${json}`).body).toEqual(JSON.parse(json));
  });

  it('reads an empty body as no fields, so validation names what is missing', () => {
    expect(parse('')).toMatchObject({ err: null, body: {} });
  });

  it('reads a compressed body of exactly the size limit, and refuses one byte more with 413 before parsing it', () => {
    const gzip = { 'content-encoding': 'gzip' };
    const fits = Buffer.from(JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES - '{"a":""}'.length) }));
    expect(fits.length).toBe(MAX_BODY_BYTES);
    expect(parse(gzipSync(fits), gzip).err).toBeNull();
    const bomb = gzipSync(Buffer.alloc(MAX_BODY_BYTES + 1, 0x20));
    expect(answer(parse(bomb, gzip))).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('answers 400 for bytes that are not what their Content-Encoding says', () => {
    expect(answer(parse(json, { 'content-encoding': 'gzip' }))).toMatchObject({ status: 400, body: { code: 'invalid_json', message: 'Request body is not valid JSON' } });
  });

  it('answers 400 with the parser message for malformed JSON, and for JSON that is not an object or array', () => {
    expect(answer(parse('{"a":}'))).toMatchObject({ status: 400, body: { message: expect.stringContaining('JSON') } });
    for (const text of ['null', '"text"', '12', 'true']) {
      expect(answer(parse(text))).toMatchObject({ status: 400, body: { message: 'The request body must be a JSON object or array' } });
    }
  });

  it('refuses other charsets and unknown codings with 415, and deep nesting with 400 body_too_deep, without keeping rawBody', () => {
    for (const headers of <Record<string, string>[]>[{ 'content-type': 'application/json; charset=latin1' }, { 'content-type': 'application/json; charset=utf8' }, { 'content-encoding': 'compress' }]) {
      expect(answer(parse(json, headers))).toMatchObject({ status: 415 });
    }
    const deep = parse('['.repeat(40) + ']'.repeat(40));
    expect(answer(deep)).toMatchObject({ status: 400, body: { code: 'body_too_deep' } });
    expect(deep.req.rawBody).toBeUndefined();
  });
});
