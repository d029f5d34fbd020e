import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the relay does with the API's token refresh: pass it on, answer with a status, drop the connection, or never answer. */
export type RefreshMode = 'pass' | 500 | 502 | 429 | 'down' | 'hang';

/**
 * A relay between the site server and the real API (the site's API_INTERNAL_ORIGIN points at it), to play an API
 * that fails or hangs on POST /token/refresh/ while everything else passes through. Loopback only.
 */
export class ApiRelay {
  refresh: RefreshMode = 'pass';
  /** Refresh calls that reached the relay. */
  refreshCalls = 0;
  private server?: Server;
  private readonly hanging = new Set<import('node:http').ServerResponse>();

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      if (req.url === '/token/refresh/') {
        this.refreshCalls++;
        if (this.refresh === 'down') return req.socket.destroy();
        if (this.refresh === 'hang') return this.hanging.add(res);
        if (typeof this.refresh === 'number') {
          res.writeHead(this.refresh, { 'Content-Type': 'application/json' });
          return res.end(JSON.stringify({ statusCode: this.refresh, message: 'Relay says no' }));
        }
      }
      const upstream = request(`${this.target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}
