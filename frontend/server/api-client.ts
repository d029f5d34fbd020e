import http from 'node:http';
import https from 'node:https';
import { API_GET_SOURCE, API_HEADERS_SOURCE, API_TIMEOUT_MS, type ApiGetAnswer, currentRequestId, serverApiHeaders } from '../lib/fetch-api.js';

/**
 * The pages' GETs to the API (lib/api.ts apiGet) from this server: node:http on kept-alive connections instead of
 * fetch(). A cold page render asks the API four to six times; undici's fetch (WHATWG Request/Response/Headers objects,
 * an AbortSignal.timeout timer per call held until it fires) cost about a tenth of the site process's time in a CPU
 * profile of the cold listing pages and much of its garbage. Same contract as fetchApi: the request's X-Request-Id
 * goes on, and a call not answered within API_TIMEOUT_MS fails like a network error.
 */
export function createApiGet(timeoutMs = API_TIMEOUT_MS) {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  const once = (url: URL, headers: Record<string, string>): Promise<ApiGetAnswer> =>
    new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method: 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const total = res.headers['x-total-count'];
          resolve({ status: res.statusCode ?? 0, totalCount: typeof total === 'string' ? total : null, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      const timer = setTimeout(() => req.destroy(new Error(`API ${url.pathname} gave no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the API closed just as it was reused: asked again once on a fresh one (a GET).
        if (req.reusedSocket && err.code === 'ECONNRESET') once(url, headers).then(resolve, reject);
        else reject(err);
      });
      req.end();
    });

  return (url: string, headers: Record<string, string> = {}): Promise<ApiGetAnswer> => {
    const id = currentRequestId();
    const withId = id && !Object.keys(headers).some((h) => h.toLowerCase() === 'x-request-id') ? { ...headers, 'X-Request-Id': id } : headers;
    return once(new URL(url), { ...serverApiHeaders(), ...withId });
  };
}

/**
 * Makes the pages' apiGet use createApiGet() in this process (once; the pages' bundle reads the global), and gives
 * every call this server makes to the API the stage key when there is one (STAGE_KEY, on stage).
 */
export function installApiClient(stageKey = ''): void {
  const slot = globalThis as Record<symbol, unknown>;
  slot[API_GET_SOURCE] ??= createApiGet();
  slot[API_HEADERS_SOURCE] = stageKey ? { 'X-Stage-Key': stageKey } : {};
}
