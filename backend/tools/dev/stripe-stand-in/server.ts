import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { Account, emptyState, type State } from './account';
import { StripeApi } from './api';
import { parseForm, type Form } from './form';
import { Pages, type Page } from './pages';
import { WebhookSender } from './webhooks';

export interface StandInOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Where webhooks go; null sends none. */
  webhookUrl: string | null;
  /** The endpoint secret the receiver verifies `Stripe-Signature` with (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  retryDelaysMs?: number[];
  /** A JSON file the state is kept in across restarts; without it the state lives in memory only. */
  stateFile?: string;
  log?: (line: string) => void;
}

export interface StandIn {
  /** `http://localhost:<port>`: the API's base and the origin of the checkout, portal and dashboard pages. */
  url: string;
  port: number;
  account: Account;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/** Starts the Stripe stand-in: Stripe's API under `/v1/`, the hosted pages, and the clock under `/_stand-in/`. */
export async function startStripeStandIn(options: StandInOptions): Promise<StandIn> {
  const log = options.log ?? (() => undefined);
  const state = load(options.stateFile);
  const webhooks = new WebhookSender({ url: options.webhookUrl, secret: options.webhookSecret, retryDelaysMs: options.retryDelaysMs ?? [5_000, 30_000, 120_000, 600_000], log }, () => save());
  let account!: Account;
  let api!: StripeApi;
  let pages!: Pages;
  let saved = '';
  const save = () => {
    if (!options.stateFile) return;
    const json = JSON.stringify(state);
    if (json === saved) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(`${options.stateFile}.tmp`, json);
    renameSync(`${options.stateFile}.tmp`, options.stateFile);
    saved = json;
  };

  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        if (body === null) return send(res, 413, { error: { type: 'invalid_request_error', message: 'Request body too large.' } });
        route(req, res, body);
      })
      .catch((error: Error) => {
        log(`[stripe] ${req.method} ${req.url}: ${error.stack ?? error.message}`);
        if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: `The Stripe stand-in failed: ${error.message}` } });
      })
      .finally(save);
  });

  function route(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    // Whatever fell due since the last request (a trial that ended in real time) happens before the answer.
    account.settle();
    if (path.startsWith('/v1/')) {
      const form = parseForm(method === 'POST' ? body : url.search.slice(1));
      const answer = api.handle(method, path, form, req.headers, body);
      return send(res, answer.status, answer.body, answer.headers);
    }
    const form: Form = method === 'POST' ? parseForm(body) : {};
    const [, section, id] = path.split('/');
    if (method === 'GET' && section === 'checkout' && id) return show(res, pages.checkout(id));
    if (method === 'POST' && section === 'checkout' && id) return show(res, pages.pay(id, form));
    if (method === 'GET' && section === 'portal' && id) return show(res, pages.portal(id, url.searchParams.get('done') ?? undefined));
    if (method === 'POST' && section === 'portal' && id) return show(res, pages.portalAction(id, form));
    if (method === 'GET' && path === '/') return show(res, pages.dashboard());
    if (method === 'GET' && path === '/_stand-in/clock') return send(res, 200, clock());
    if (method === 'POST' && path === '/_stand-in/clock/advance') return advance(req, res, body);
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const clock = () => ({ now: account.now(), iso: new Date(account.now() * 1000).toISOString(), offset_seconds: state.clockOffset });

  /** `POST /_stand-in/clock/advance` with one of `seconds`, `days` or `to` (unix time), as JSON or a form. */
  function advance(req: IncomingMessage, res: ServerResponse, body: string): void {
    const fromForm = !String(req.headers['content-type']).includes('json');
    let input: Record<string, unknown>;
    try {
      input = fromForm ? parseForm(body) : (JSON.parse(body || '{}') as Record<string, unknown>);
    } catch {
      return send(res, 400, { error: { type: 'invalid_request_error', message: 'The body is not JSON.' } });
    }
    const given = (['seconds', 'days', 'to'] as const).filter((k) => input[k] !== undefined && input[k] !== '');
    const value = Number(input[given[0]]);
    const seconds = given[0] === 'to' ? value - account.now() : given[0] === 'days' ? Math.round(value * 86_400) : Math.round(value);
    if (given.length !== 1 || !Number.isFinite(value) || seconds < 0) {
      const message = 'Give exactly one of seconds, days or to (a unix time); the clock only moves forward.';
      return send(res, 400, { error: { type: 'invalid_request_error', message, param: given.length === 1 ? given[0] : undefined } });
    }
    account.advance(seconds);
    log(`[stripe] clock advanced by ${seconds}s to ${clock().iso}`);
    if (String(req.headers.accept).includes('text/html')) return show(res, { status: 303, redirect: '/' });
    send(res, 200, clock());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  account = new Account(state, url, (event) => webhooks.send(event));
  api = new StripeApi(account);
  pages = new Pages(account, webhooks);
  // Events the last run had not delivered yet are sent again, as Stripe retries them.
  for (const event of account.all('event').reverse()) if (event.pending_webhooks > 0) webhooks.send(event);
  account.settle();
  save();

  return {
    url,
    port,
    account,
    async close() {
      await webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      save();
    },
  };
}

function load(file: string | undefined): State {
  if (!file || !existsSync(file)) return emptyState();
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as State) };
  } catch (error) {
    throw new Error(`The Stripe stand-in cannot read its state in ${file} (${(error as Error).message}); delete the file to start afresh.`);
  }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body, null, 2));
}

function show(res: ServerResponse, page: Page): void {
  if (page.redirect) {
    res.writeHead(page.status, { Location: page.redirect });
    res.end();
    return;
  }
  res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(page.html);
}
