import express, { type Router } from 'express';
import { createServerTransport } from './api-transport.js';

/** The API's own readiness must answer within this, or the site counts it as not ready (a probe never waits long). */
export const API_READY_TIMEOUT_MS = 2_000;

export interface SiteHealth {
  /** GET /healthz and GET /readyz, mounted before the pages so the SSR catch-all never takes them. */
  router: Router;
  /** From here on /readyz answers 503 shutting_down, so balancers stop sending new requests while those in flight end. */
  beginShutdown(): void;
}

/**
 * Liveness and readiness of the site server, for nginx and docker compose healthchecks. Ready means the API answers its
 * own GET /readyz with 200 (through API_INTERNAL_ORIGIN, the address this server renders pages with) and this process
 * is not stopping; the answer is never cached, and the API's own answer is passed on so a 503 says why.
 */
export function siteHealth(apiInternalOrigin: string): SiteHealth {
  let shuttingDown = false;
  const router = express.Router({ caseSensitive: false, strict: false });

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (shuttingDown) return void res.status(503).json({ status: 'unavailable', check: 'shutdown' });
    const api = await apiReadiness(apiInternalOrigin);
    res.status(api.ready ? 200 : 503).json({ status: api.ready ? 'ok' : 'unavailable', ...(api.ready ? {} : { check: 'api' }), api: api.answer });
  });

  return {
    router,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}

/** The API's GET /readyz: its status and body, or what went wrong reaching it. */
let readiness: ReturnType<typeof createServerTransport> | undefined;

async function apiReadiness(origin: string): Promise<{ ready: boolean; answer: unknown }> {
  try {
    const res = await (readiness ??= createServerTransport(API_READY_TIMEOUT_MS))({ method: 'GET', url: `${origin}/readyz`, headers: { Accept: 'application/json' } });
    let body: unknown = null;
    try {
      body = JSON.parse(res.text);
    } catch {
      body = null;
    }
    return { ready: res.status === 200, answer: body ?? { statusCode: res.status } };
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${API_READY_TIMEOUT_MS} ms` : 'unreachable';
    return { ready: false, answer: { error: reason } };
  }
}
