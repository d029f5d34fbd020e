import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { siteHealth } from '../server/health.js';
import { freePorts, startStack, type Stack } from './support/stack.js';


/** The site server's GET /healthz and GET /readyz, with the real API behind it. */
describe("the site server's health", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('church');
  });
  afterAll(() => stack?.stop());

  it('answers GET /healthz with 200 {"status":"ok"} as JSON, not as a page of the site', async () => {
    const res = await stack.page('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it("answers GET /readyz with 200 while the API is ready, passing on the API's own answer", async () => {
    const res = await stack.page('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', api: { status: 'ok', database: 'up', migrations: 'applied', mail_dead_letters: 0 } });
  });

  it("answers 503 naming the API while the API is not ready (a migration not applied), and 200 once it is", async () => {
    const [last] = await stack.sql('SELECT id, timestamp, name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await stack.sql('DELETE FROM migrations WHERE id = ?', [last.id]);
    try {
      const res = await stack.page('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        check: 'api',
        api: expect.objectContaining({ statusCode: 503, code: 'migrations_pending', check: 'migrations', message: `Database migrations are pending: ${last.name}.` }),
      });
    } finally {
      await stack.sql('INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)', [last.id, last.timestamp, last.name]);
    }
    expect((await stack.page('/readyz')).status).toBe(200);
  });

  it('answers 503 naming the API when the API cannot be reached, and exits 0 on SIGTERM', async () => {
    const [port, closedPort] = await freePorts(2);
    const site = spawn(process.execPath, [join(process.cwd(), 'dist/server-node/server/index.js')], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: String(port), API_ORIGIN: stack.apiUrl, API_INTERNAL_ORIGIN: `http://127.0.0.1:${closedPort}`, SITE_ORIGIN: `http://localhost:${port}` },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => site.once('exit', (code) => resolve(code)));
    try {
      const ready = await poll(`http://127.0.0.1:${port}/healthz`, site);
      expect(ready.status).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', check: 'api', api: { error: 'unreachable' } });
    } finally {
      site.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

describe('a site server that is shutting down', () => {
  it('answers /readyz with 503 naming the shutdown, while /healthz stays 200', async () => {
    // An API that is ready, so only the shutdown can make the answer 503.
    const api = express().get('/readyz', (_req, res) => res.json({ status: 'ok' }));
    const apiServer = api.listen(0, '127.0.0.1');
    await new Promise((resolve) => apiServer.once('listening', resolve));
    const health = siteHealth(`http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`);
    const site = express().use(health.router).listen(0, '127.0.0.1');
    await new Promise((resolve) => site.once('listening', resolve));
    const url = (path: string) => `http://127.0.0.1:${(site.address() as AddressInfo).port}${path}`;
    try {
      expect((await fetch(url('/readyz'))).status).toBe(200);
      health.beginShutdown();
      const res = await fetch(url('/readyz'));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', check: 'shutdown' });
      expect((await fetch(url('/healthz'))).status).toBe(200);
    } finally {
      site.closeAllConnections();
      apiServer.closeAllConnections();
      await Promise.all([new Promise((r) => site.close(r)), new Promise((r) => apiServer.close(r))]);
    }
  });
});

/** The first answer of url, once the process listens (it fails the test if the process exits first). */
async function poll(url: string, child: ChildProcess): Promise<Response> {
  for (const deadline = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`the site server exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}
