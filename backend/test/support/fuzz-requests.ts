import { gzipSync } from 'node:zlib';
import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import * as fc from 'fast-check';
import type { ApiRoute } from './routes';

/** A request as sent on the wire: nothing here is checked or normalised by an HTTP client library. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the generators draw on besides random data: values that exist in the database and the run's tokens. */
export interface FuzzContext {
  /** Slugs, emails, file names and ids present in the database, so requests also reach past the lookups. */
  known: string[];
  authorizations: { valid: string[]; invalid: string[] };
  /** What fills a route's path parameters for the known shapes: route path to the path sent (else `:id` is 1). */
  paths?: Record<string, string>;
}

const OMIT = Symbol('omit');

/** Values no field expects: wrong types, edges of numbers, odd text. */
const WEIRD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, -0, 1e308, 2 ** 31, 2 ** 53 + 2, '', ' ', '0', '-1', '1e3', '0x1f', '1.0', 'NaN', 'null', 'true',
  '__proto__', 'constructor', "' OR 1=1 --", '"; DROP TABLE posts; --', '<script>alert(1)</script>', '%00', '\u0000', '\ud800', '\udfff\ud800', 'Harp\ufffe Trio\uffff', 'Harp\u0001 Trio\u001b',
  '\u202e\u0645\u0631\u062d\u0628\u0627', 'Z\u0351\u0360\u036b\u0343\u036a\u0302', '🎻'.repeat(60), 'a'.repeat(70_000), '\t\n\r', {}, [], [[]], [1, 'a', null],
  { $gt: '' }, { toString: 'x' }, { length: 5 }, new Array(2000).fill('x'),
];

/** Names every object has: keys that a lookup in a plain object finds without their being there. */
export const BUILT_IN_KEYS = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

/** Path segments that are not what a route parameter expects, percent-encoding broken on purpose among them. */
const WEIRD_SEGMENTS = [
  '%', '%zz', '%E0%A4%A', '%00', '%C0%AE', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..', '.', '%2F', '%20', '%7B%7D', '-1', '0', '1.5', '1e3', '0x10',
  '2147483648', '99999999999999999999', 'null', 'undefined', '__proto__', 'constructor', 'a'.repeat(3000), encodeURIComponent('Ní Bhriain 🎻'),
  encodeURIComponent('<script>'), 'UPPER-Case', 'a--b', '-a', 'a.webp', 'x-one-680x588.webp', 'x-one-1x1.webp', 'é.webp',
];

/** Whole bodies that are not what any route expects. */
const RAW_BODIES = [
  '', '{', '}', '{"a":}', '{"a":1,}', '[1,2', 'nul', 'undefined', '"text"', '123', 'null', 'true', '[]', '{}', '\u0000', '\ufeff{}', '{"a":1}{"b":2}',
  '{"email":"a@example.ie","email":["b"]}', '{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":"\\ud800"}', '{"a":"\\u0000"}',
  '{"a":1e999999}', '{"a":-1e-999999}', '{"a":123456789012345678901234567890}', `{"a":"${'\\'.repeat(1001)}"}`, 'a=1&b[c]=2', '--xyz\r\n\r\n--xyz--',
  `${'['.repeat(33)}${']'.repeat(33)}`, `${'['.repeat(3000)}${']'.repeat(3000)}`, `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`, `[${'1,'.repeat(100_000)}1]`,
  JSON.stringify({ a: 'x'.repeat(1_100_000) }),
].map((text) => Buffer.from(text));

/** 20 KB that inflate to 20 MB of spaces. */
const GZIP_BOMB = gzipSync(Buffer.alloc(20_000_000, 0x20));

const CONTENT_TYPES = [
  'application/json; charset=utf-8', 'application/json; charset=UTF-8', 'application/json; charset=utf-16', 'application/json; charset=latin1',
  'application/json; charset=bogus', 'application/json;;', 'application/vnd.api+json', 'application/merge-patch+json', 'text/plain',
  'text/html', 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-16', 'multipart/form-data; boundary=xyz',
  'multipart/form-data', 'application/octet-stream', '*/*', 'garbage', ';', '',
];

const EXTRA_HEADERS: [string, string][] = [
  ['x-forwarded-for', 'not-an-address'], ['x-forwarded-for', '1.2.3.4, ::1, garbage, 999.999.999.999'], ['x-forwarded-for', 'a'.repeat(400)],
  ['x-forwarded-for', '2001:db8::1'], ['accept', 'text/html'], ['accept', 'application/xml;q=garbage'], ['accept-encoding', 'br;q=x, *'],
  ['content-encoding', 'gzip'], ['content-encoding', 'deflate'], ['content-encoding', 'br'], ['content-encoding', 'x-bogus'],
  ['origin', 'https://evil.example'], ['origin', 'null'], ['cookie', 'dir_at=%; dir_rt=%E0%A4%A'], ['range', 'bytes=garbage'], ['range', 'bytes=0-0,-1'],
  ['if-none-match', '"x", W/"y"'], ['if-modified-since', 'yesterday'], ['accept-language', '\xff\xfe\xfd'], ['x-http-method-override', 'DELETE'],
  ['expect', '100-continue-please'], ['referer', 'javascript:alert(1)'], ['user-agent', '\x80'.repeat(200)],
];

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** Values a field would accept, read from its class-validator rules, or taken from what the database holds. */
function acceptable(rules: ValidationMetadata[], known: string[]): fc.Arbitrary<unknown> {
  const constraint = (name: string) => rules.find((r) => r.name === name)?.constraints;
  const maxLength: number = constraint('maxLength')?.[0] ?? 300;
  if (constraint('equals')) return fc.constant(constraint('equals')![0]);
  if (constraint('isIn')) return fc.constantFrom(...(constraint('isIn')![0] as unknown[]));
  if (rules.some((r) => r.name === 'isBoolean')) return fc.boolean();
  if (rules.some((r) => r.name === 'isInt')) {
    return fc.oneof(fc.integer({ min: 1, max: 80 }), fc.integer({ min: constraint('min')?.[0] ?? 0, max: constraint('max')?.[0] ?? 2 ** 31 - 1 }));
  }
  const pattern: RegExp | undefined = constraint('matches')?.[0];
  const fits = (s: string) => s.length <= maxLength && (!pattern || pattern.test(s));
  const present = known.filter(fits);
  const drawn = rules.some((r) => r.name === 'isEmail') ? fc.emailAddress() : patternOrText(pattern, maxLength);
  return present.length ? fc.oneof(fc.constantFrom(...present), drawn.filter(fits)) : drawn;
}

function patternOrText(pattern: RegExp | undefined, maxLength: number): fc.Arbitrary<string> {
  if (pattern) {
    try {
      return fc.stringMatching(pattern);
    } catch {
      // fast-check cannot draw from every pattern (lookaheads): fall back to plausible text.
      return fc.constantFrom('harp2025x', 'Password1', 'Ab1defgh', '12345678a', 'a1'.repeat(100));
    }
  }
  return fc.oneof(fc.string({ maxLength: Math.min(maxLength, 60) }), fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 60) }));
}

/** The value one time in six, otherwise null. */
const seldom = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

const weird = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WEIRD_VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.double() },
);

/** An object for a DTO: each field acceptable, odd or missing, now and then a field no DTO has. */
function dtoObject(dto: Type | undefined, known: string[]): fc.Arbitrary<Record<string, unknown>> {
  const byField = new Map<string, ValidationMetadata[]>();
  for (const rule of dto ? getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false) : []) {
    byField.set(rule.propertyName, [...(byField.get(rule.propertyName) ?? []), rule]);
  }
  const fields = [...byField].map(([name, rules]) =>
    fc
      .oneof({ weight: 30, arbitrary: acceptable(rules, known) }, { weight: 2, arbitrary: weird }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(OMIT) })
      .map((v) => [name, v] as const),
  );
  const extra = seldom(fc.tuple(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('role', 'isActive', 'id', ...BUILT_IN_KEYS)), weird));
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, more]) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of pairs) if (value !== OMIT) object[name] = value;
    if (more) Object.defineProperty(object, more[0], { value: more[1], enumerable: true });
    return object;
  });
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));
const queryText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

/** A query string for a DTO: fields acceptable or odd, repeated keys, junk keys, broken percent-encoding. */
function queryString(dto: Type | undefined, known: string[]): fc.Arbitrary<string> {
  const pairs = dtoObject(dto, known).map((o) => Object.entries(o).map(([k, v]) => `${encode(k)}=${encode(queryText(v))}`));
  const junk = fc.constantFrom('a=%', 'b=%zz', 'c=%E0%A4%A', 'limit=1&limit=2', 'catSlug[]=x', 'catSlug[a]=b', '=', '&&', 'x', '%=%', `q=${'x'.repeat(6000)}`, ...BUILT_IN_KEYS.map((k) => `${k}=1`));
  return fc.tuple(pairs, fc.array(junk, { maxLength: 2 })).map(([own, extra]) => {
    const parts = [...own, ...extra];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function pathFor(route: ApiRoute, known: string[]): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = dtoObject(route.params, known);
  const odd = fc.oneof(fc.constantFrom(...WEIRD_SEGMENTS), fc.string({ unit: 'grapheme', maxLength: 30 }).map(encode));
  return fc.tuple(params, fc.array(seldom(odd), { minLength: names.length, maxLength: names.length }), fc.constantFrom('/', '/', '/', '', '', '//')).map(
    ([values, odds, end]) => {
      let i = 0;
      const filled = route.path.replace(/:(\w+)/g, (_, name: string) => odds[i++] ?? encode(queryText(values[name] ?? '')));
      return filled + end;
    },
  );
}

/** The body's bytes and the content type it is sent with, which may not match. */
function body(route: ApiRoute, known: string[]): fc.Arbitrary<{ bytes?: Buffer; type?: string; encoding?: string }> {
  const object = dtoObject(route.body, known);
  const asJson = object.map((o) => Buffer.from(JSON.stringify(o)));
  const asForm = object.map((o) => Buffer.from(new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, queryText(v)])).toString()));
  const bytes = fc.oneof(
    { weight: 14, arbitrary: asJson },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: asForm },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
  );
  const type = fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) });
  const gzip = fc.constantFrom<'plain' | 'gzip' | 'bomb'>('plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'gzip', 'bomb');
  const sent = fc.record({ bytes, type, gzip }).map(({ bytes, type, gzip }) =>
    gzip === 'plain' ? { bytes, type } : { bytes: gzip === 'gzip' ? gzipSync(bytes) : GZIP_BOMB, type, encoding: 'gzip' },
  );
  // Routes that read no body still get one now and then: the body parser reads it whatever the route.
  return route.body ? sent : fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: sent });
}

/** Requests for one route: mostly its own method, sometimes another; with and without valid tokens. */
export function fuzzRequests(route: ApiRoute, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const { known, authorizations } = context;
  const authorization = fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.constantFrom(...authorizations.valid) },
    { weight: 2, arbitrary: fc.constantFrom(...authorizations.invalid) },
  );
  return fc
    .record({
      method: fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
      path: pathFor(route, known),
      query: fc.oneof({ weight: 2, arbitrary: queryString(route.query, known) }, { weight: 1, arbitrary: fc.constant('') }),
      body: body(route, known),
      authorization,
      extra: fc.subarray(EXTRA_HEADERS, { maxLength: 3 }),
    })
    .map(({ method, path, query, body, authorization, extra }) => {
      const headers: Record<string, string> = Object.fromEntries(extra);
      if (authorization !== undefined) headers.authorization = authorization;
      if (body.type) headers['content-type'] = body.type;
      if (body.encoding) headers['content-encoding'] = body.encoding;
      return { method, path: path + query, headers, body: body.bytes };
    });
}

/** The field names of a DTO, read from its class-validator rules. */
const fieldsOf = (dto: Type) => [...new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((r) => r.propertyName))];

/** Admin lists' filter and range shapes that once reached the database as they were (a 500 each). */
const LIST_SHAPES = [
  'filter={"constructor":1}', 'filter={"__proto__":1}', 'filter={"hasOwnProperty":"x"}', 'filter={"id":[[]]}', 'filter={"id":[{}]}', 'filter={"id":{"a":1}}',
  'filter={"id":1e400}', 'range=[1e20,1e20]', 'range=[0,1e20]', 'sort=["constructor","ASC"]',
].map((pair) => pair.replace(/=(.*)/, (_, v: string) => `=${encodeURIComponent(v)}`));

/**
 * Shapes an independent fuzz found answered with a 500, sent to every route whatever the draw, with each valid token:
 * null for each field of the body, alone and beside acceptable values for the others; keys named after what every
 * object has, in the body and the query; and the admin lists' filter and range shapes.
 */
export function knownShapes(route: ApiRoute, context: FuzzContext, seed: number): FuzzRequest[] {
  const path = context.paths?.[route.path] ?? route.path.replace(/:(\w+)/g, '1');
  const requests: FuzzRequest[] = [];
  const json = (authorization: string, body: string, query = ''): FuzzRequest => ({
    method: route.method,
    path: path + query,
    headers: { authorization, 'content-type': 'application/json' },
    body: Buffer.from(body),
  });
  for (const authorization of context.authorizations.valid) {
    if (route.body) {
      const rules = getMetadataStorage().getTargetValidationMetadatas(route.body, '', true, false);
      const base = Object.fromEntries(
        fieldsOf(route.body).map((field) => [field, fc.sample(acceptable(rules.filter((r) => r.propertyName === field), context.known), { seed, numRuns: 1 })[0]]),
      );
      for (const field of fieldsOf(route.body)) {
        requests.push(json(authorization, JSON.stringify({ [field]: null })), json(authorization, JSON.stringify({ ...base, [field]: null })));
      }
    }
    for (const key of BUILT_IN_KEYS) requests.push(json(authorization, `{"${key}":1}`, `?${key}=1`));
    if (route.query && ['sort', 'range', 'filter'].every((f) => fieldsOf(route.query!).includes(f))) {
      for (const shape of LIST_SHAPES) requests.push({ method: route.method, path: `${path}?${shape}`, headers: { authorization } });
    }
  }
  return requests;
}
