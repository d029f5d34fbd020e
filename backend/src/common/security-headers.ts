import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One step of helmet's middleware on the response: a header set, or one removed. */
type Step = readonly [name: string, value: string] | readonly [name: string];

/**
 * Helmet's headers on every answer, set on Node's response as helmet sets them, in the same order. @fastify/helmet
 * built helmet's middleware from its options again on every request, in two hooks (one async); its headers depend
 * on nothing of the request with these options (no CSP nonces, no directive functions), so helmet runs once here
 * against a recorder and each request replays the steps (docs/performance.md).
 */
export function installSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): Step[] {
  const steps = helmetSteps(options);
  fastify.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const step of steps) {
      if (step.length === 2) res.setHeader(step[0], step[1]);
      else res.removeHeader(step[0]);
    }
    done();
  });
  return steps;
}

/** What helmet's middleware does to a response with these options, recorded; refused if it reads the request or calls back late. */
export function helmetSteps(options: HelmetOptions): Step[] {
  const steps: Step[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      steps.push([name, value]);
    },
    removeHeader: (name: string) => steps.push([name]),
  };
  // A request that throws when read: helmet's headers must not depend on it for recording to be right.
  const request = new Proxy({}, { get: (_t, key) => { throw new Error(`helmet read the request's ${String(key)}`); } });
  let finished = false;
  helmet(options)(request as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish at once');
  return steps;
}
