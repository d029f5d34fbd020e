import { Logger } from '@nestjs/common';
import fastify, { type FastifyInstance } from 'fastify';
import { createLogger, logRequests, PinoNestLogger, requestIdOptions } from './logging';

/** Nest's Logger through pino, on a bare Fastify with the API's request hooks. */
describe('PinoNestLogger', () => {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const nest = new PinoNestLogger(log);
  beforeEach(() => (lines.length = 0));

  it('writes the context as a field, an Error as err, a stack as stack, below the level nothing', () => {
    nest.log('started', 'Bootstrap');
    nest.error('failed', 'Error: x\n    at y (z.js:1:1)', 'Mail');
    nest.error(new Error('boom'), undefined, 'Filter');
    nest.verbose('chatty', 'Ctx');
    nest.warn({ event: 'slow', ms: 1200 }, 'Db');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'started', context: 'Bootstrap' }),
      expect.objectContaining({ level: 50, msg: 'failed', context: 'Mail', stack: 'Error: x\n    at y (z.js:1:1)' }),
      expect.objectContaining({ level: 50, msg: 'boom', context: 'Filter', err: expect.objectContaining({ message: 'boom', type: 'Error' }) }),
      expect.objectContaining({ level: 40, event: 'slow', ms: 1200, context: 'Db' }),
    ]);
  });

  it('redacts secret-named fields should a message carry them', () => {
    nest.warn({ body: { email: 'a@b.ie', password: 'harp2025x' }, token: 't0ken-value' }, 'Auth');
    expect(JSON.stringify(lines)).not.toMatch(/harp2025x|t0ken-value/);
    expect(lines[0]).toMatchObject({ body: { email: 'a@b.ie', password: '[REDACTED]' }, token: '[REDACTED]' });
  });

  it("gives a line written while a request is served that request's id, after its body is read too", async () => {
    // Typed as Nest's adapter hands it over (Fastify's default logger type, not pino's own).
    const app = fastify({ loggerInstance: log, ...requestIdOptions() }) as unknown as FastifyInstance;
    logRequests(app);
    Logger.overrideLogger(nest);
    app.post('/x', async (req) => {
      await new Promise((r) => setTimeout(r, 5));
      new Logger('Handler').warn(`got ${Object.keys(req.body as object).length} fields`);
      return { ok: true };
    });
    try {
      // Over a real socket: the body arrives in the socket's own async context.
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/x?key=abc`, { method: 'POST', headers: { 'x-request-id': 'abc-123', 'content-type': 'application/json' }, body: JSON.stringify({ a: 1 }) });
      expect(res.headers.get('x-request-id')).toBe('abc-123');
      lines.splice(0, lines.findIndex((l) => l.context === 'Handler'));
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, msg: 'got 1 fields', context: 'Handler', reqId: 'abc-123' }),
        expect.objectContaining({ level: 30, msg: 'request', reqId: 'abc-123', method: 'POST', url: '/x?key=[REDACTED]', status: 200 }),
      ]);
      // Outside any request: no id.
      new Logger('Cron').log('tick');
      expect(lines[2]).not.toHaveProperty('reqId');
    } finally {
      Logger.overrideLogger(false);
      await app.close();
    }
  });
});
