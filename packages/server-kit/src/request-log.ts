import { randomBytes } from 'node:crypto';

/**
 * What the API and the site server share about their logs: the request id that ties nginx's, the site's and the
 * API's lines together, and what must never reach a log line. Both servers write with pino; this holds no pino code
 * so each server keeps its own dependency.
 */

/** nginx sets it to $request_id; the site server passes it on to the API; both answer with it. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** nginx's $request_id is 32 hex digits; other proxies send UUIDs. Anything else (long, spaces, quotes) is not believed. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Random bytes drawn 4 KB at a time: one draw per request cost 5% of a cached answer's CPU (a call into OpenSSL each). */
let idPool = Buffer.alloc(0);
let idOffset = 0;

/** A new id, shaped as nginx's own: 16 random bytes as 32 hex digits. */
export function newRequestId(): string {
  if (idOffset + 16 > idPool.length) {
    idPool = randomBytes(4096);
    idOffset = 0;
  }
  const id = idPool.toString('hex', idOffset, idOffset + 16);
  idOffset += 16;
  return id;
}

/** The incoming X-Request-Id when it is one we can log as it is, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID_PATTERN.test(value) ? value : newRequestId();
}

/**
 * Query parameters whose values are secrets or personal: a password-reset link carries its token and the email, a
 * sign-up code could travel as ?code=, and an API key as ?key=. Their values are logged as [REDACTED].
 */
const SECRET_PARAM = /token|code|key|secret|password|passwd|refresh|access|auth|session|signature|sig|email/i;

/** The path and query as the log shows them: values of secret-looking parameters replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        /* a broken escape: judge the name as it came */
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[REDACTED]` : part;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

/** Field names that hold secrets wherever they appear in a logged object (bodies are never logged; this is the second lock). */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'code', 'signUpCode', 'refresh', 'access', 'refreshToken', 'accessToken', 'secretKey', 'webhookSecret', 'apiKey'];

/**
 * pino's `redact` paths: the headers that carry sessions (the site's cookies, the Bearer token, the cookies an answer
 * sets) and the secret fields above at the top level and one level down (body.password, err.token...).
 */
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
];
