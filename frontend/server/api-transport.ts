import http from 'node:http';
import https from 'node:https';
import { API_TIMEOUT_MS, API_TRANSPORT_SOURCE, type ApiClient, createApiClient, type RawAnswer, type Transport } from '../lib/api-client.js';
import { currentRequestId } from './request-log.js';

/*
 * The site server's transport for the one API client (lib/api-client.ts): node:http on kept-alive connections
 * instead of fetch(). A cold page render asks the API four to six times; undici's fetch (WHATWG Request/Response/Headers
 * objects, an AbortSignal.timeout timer per call held until it fires) cost about a tenth of the site process's time in
 * a CPU profile of the cold listing pages and much of its garbage. Every call carries the id of the request being
 * served (one id ties nginx's, the site's and the API's log lines together) and, on stage, the site server's key.
 * These headers are the server's alone: nothing of them is in the browser's code.
 */

/** The site server's own headers for every call (on stage its STAGE_KEY, which the API asks of calls without a user's token). */
let ownHeaders: Record<string, string> = {};

export function createServerTransport(timeoutMs = API_TIMEOUT_MS): Transport {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  const once = (url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<RawAnswer> =>
    new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const sized = body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
      const req = client.request(url, { method, headers: sized, agent: agents[url.protocol as 'http:' | 'https:'] }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const total = res.headers['x-total-count'];
          resolve({ status: res.statusCode ?? 0, totalCount: typeof total === 'string' ? total : null, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      const timer = setTimeout(() => req.destroy(Object.assign(new Error(`API ${url.pathname} gave no answer within ${timeoutMs} ms`), { name: 'TimeoutError' })), timeoutMs);
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the API closed just as it was reused: a GET is asked again once on a fresh one
        // (never a POST: a refresh token sent twice would end the session as stolen).
        if (req.reusedSocket && err.code === 'ECONNRESET' && method === 'GET') once(url, method, headers, body).then(resolve, reject);
        else reject(err);
      });
      req.end(body);
    });

  return ({ method, url, headers, body }) => {
    if (body !== undefined && typeof body !== 'string') return Promise.reject(new Error('The site server sends JSON only'));
    const id = currentRequestId();
    const withId = id && !Object.keys(headers).some((h) => h.toLowerCase() === 'x-request-id') ? { ...headers, 'X-Request-Id': id } : headers;
    return once(new URL(url), method, { ...ownHeaders, ...withId }, body);
  };
}

let shared: Transport | undefined;

/** The API at origin from this server (sessions, the sitemap, the page cache's version checks). */
export const serverApi = (origin: string): ApiClient => createApiClient((shared ??= createServerTransport()), origin);

/**
 * Makes the pages' data hooks (lib/api-client.ts pageApi) use this server's transport (the pages' bundle reads the
 * global), and gives every call this server makes to the API the stage key when there is one (STAGE_KEY, on stage).
 */
export function installApiTransport(stageKey = ''): void {
  const slot = globalThis as Record<symbol, unknown>;
  slot[API_TRANSPORT_SOURCE] ??= shared ??= createServerTransport();
  ownHeaders = stageKey ? { 'X-Stage-Key': stageKey } : {};
}
