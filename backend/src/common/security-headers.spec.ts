import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { helmetSteps, installSecurityHeaders } from './security-headers';

const OPTIONS = { crossOriginResourcePolicy: { policy: 'cross-origin' as const } };

/** The raw header lines of a GET, in order, as a client reads them (Date dropped). */
async function rawHeaders(url: string): Promise<string[]> {
  const res = await fetch(url);
  await res.text();
  return [...res.headers].filter(([name]) => name !== 'date').map(([name, value]) => `${name}: ${value}`);
}

describe(installSecurityHeaders.name, () => {
  it('sends the headers helmet sends, with the same values, on every answer', async () => {
    // helmet's own middleware on a bare node:http server...
    const bare = createServer((req: IncomingMessage, res: ServerResponse) => helmet(OPTIONS)(req, res, () => res.end('ok')));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    // ...and the replayed steps on Fastify.
    const fastify = Fastify();
    installSecurityHeaders(fastify, OPTIONS);
    fastify.get('/', async () => 'ok');
    fastify.get('/missing', async (_req, reply) => reply.code(404).send('no'));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    try {
      const expected = (await rawHeaders(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`)).filter((h) => !/^(content-length|connection|keep-alive)/.test(h));
      expect(expected.length).toBeGreaterThan(10);
      const origin = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
      for (const path of ['/', '/missing']) {
        const sent = await rawHeaders(`${origin}${path}`);
        for (const header of expected) expect(sent).toContain(header);
      }
    } finally {
      await fastify.close();
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('refuses options whose headers would depend on the request (recorded once, they would be wrong)', () => {
    expect(() => helmetSteps({ contentSecurityPolicy: { directives: { scriptSrc: [(req) => String((req as IncomingMessage).url)] } } })).toThrow(/read the request/);
  });

  it('records removals too (X-Powered-By)', () => {
    expect(helmetSteps(OPTIONS)).toContainEqual(['X-Powered-By']);
  });
});
