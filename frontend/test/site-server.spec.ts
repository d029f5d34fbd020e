import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '@directory/server-kit';
import { createServerTransport } from '../server/api-transport.js';
import { inRequestScope } from '../server/request-log.js';
import { loadSiteConfig } from '../server/config.js';
import { contentSecurityPolicy } from '../server/headers.js';

describe("the site server's settings", () => {
  it("reads the API's settings with the API's parsers: TRUST_PROXY loopback by default, origins without a trailing slash", () => {
    const config = loadSiteConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12', API_ORIGIN: 'https://api.example.ie/', ALL_CATEGORIES_SLUG: 'everything' });
    expect(config.trustProxy).toBe('loopback, 172.16.0.0/12');
    expect(config.apiInternalOrigin).toBe('https://api.example.ie');
    expect(config.site).toMatchObject({ apiOrigin: 'https://api.example.ie', allCategoriesSlug: 'everything', siteOrigin: 'http://localhost:8080' });
    expect(loadSiteConfig({}).trustProxy).toBe('loopback');
  });

  it('reads LOG_LEVEL, info by default, naming a bad one', () => {
    expect(loadSiteConfig({}).logLevel).toBe('info');
    expect(loadSiteConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadSiteConfig({ LOG_LEVEL: 'chatty' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });

  it('needs a stage key of 32 or more characters on stage, and keeps it out of what the browser is sent', () => {
    expect(() => loadSiteConfig({ STAGE: 'true' })).toThrow(/STAGE_KEY must be set to 32 or more random characters when STAGE=true/);
    const key = 'k'.repeat(32);
    const config = loadSiteConfig({ STAGE: 'true', STAGE_KEY: key });
    expect(config.stageKey).toBe(key);
    expect(JSON.stringify(config.site)).not.toContain(key);
    expect(loadSiteConfig({}).stageKey).toBe('');
  });

  it('names every bad key in one error', () => {
    const env = { SITE: 'chapel', PORT: '0', SITE_ENV: 'live', STAGE: 'maybe', API_ORIGIN: 'api.example.ie', TRUST_PROXY: 'nginx', DEFAULT_COUNTY_SLUG: 'All Counties' };
    expect(() => loadSiteConfig(env)).toThrow(
      new ConfigError([
        "PORT must be a whole number from 1 to 65535 (got '0')",
        "API_ORIGIN must be an http(s) origin such as http://localhost:3000 (got 'api.example.ie')",
        "API_INTERNAL_ORIGIN must be an http(s) origin such as http://localhost:3000 (got 'api.example.ie')",
        "TRUST_PROXY must list proxies as loopback, linklocal, uniquelocal, addresses or subnets such as 172.16.0.0/12 (got 'nginx')",
        "SITE must be one of church, cliste, multi (got 'chapel')",
        "STAGE must be true or false (got 'maybe')",
        "SITE_ENV must be one of development, production (got 'live')",
        "DEFAULT_COUNTY_SLUG must be a lowercase slug such as 'all-categories' (got 'All Counties')",
      ]),
    );
  });
});

describe('the Content-Security-Policy of a page', () => {
  const site = loadSiteConfig({ API_ORIGIN: 'https://api.example.ie' }).site;
  const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows any subdomain of a tile server whose template picks one ({s})', () => {
    const policy = contentSecurityPolicy({ ...site, mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' }, 'n0nce');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://*.tiles.example.org https://api.example.ie");
  });

  it('adds the analytics hosts only for the tools that are configured', () => {
    expect(directive(contentSecurityPolicy(site, 'n0nce'), 'script-src')).toBe("script-src 'self' 'nonce-n0nce'");
    const both = contentSecurityPolicy({ ...site, analyticsId: 'G-1', sessionAnalyticsId: 'c1' }, 'n0nce');
    expect(directive(both, 'script-src')).toBe("script-src 'self' 'nonce-n0nce' https://*.googletagmanager.com https://*.clarity.ms");
    expect(directive(both, 'connect-src')).toBe(
      "connect-src 'self' https://api.example.ie https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://*.clarity.ms",
    );
    const clarity = contentSecurityPolicy({ ...site, sessionAnalyticsId: 'c1' }, 'n0nce');
    expect(directive(clarity, 'img-src')).toBe("img-src 'self' data: https://tile.openstreetmap.org https://api.example.ie https://*.clarity.ms https://c.bing.com");
  });
});

describe("the site server's API client for page data", () => {
  let server: Server;
  let origin: string;
  const seen: IncomingHttpHeaders[] = [];
  let connections = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/slow') return; // never answers
      if (req.url === '/missing') return void res.writeHead(404).end('{}');
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Total-Count': '42' }).end(JSON.stringify({ name: 'Gaillimh — Galway' }));
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it("answers the status, X-Total-Count and body, passing the request's id on, on one kept-alive connection", async () => {
    const transport = createServerTransport(1_000);
    const get = (url: string, headers: Record<string, string> = {}) => inRequestScope('req-1', () => transport({ method: 'GET', url, headers }));
    expect(await get(`${origin}/ok`, { Accept: 'application/json' })).toEqual({ status: 200, totalCount: '42', text: '{"name":"Gaillimh — Galway"}' });
    expect(await get(`${origin}/missing`)).toEqual({ status: 404, totalCount: null, text: '{}' });
    expect(seen.at(-2)).toMatchObject({ accept: 'application/json', 'x-request-id': 'req-1', connection: 'keep-alive' });
    expect(seen.at(-1)?.['x-request-id']).toBe('req-1');
    expect(connections).toBe(1);
  });

  it('gives up on an API that does not answer within its time, as a network error', async () => {
    await expect(createServerTransport(100)({ method: 'GET', url: `${origin}/slow`, headers: {} })).rejects.toThrow('API /slow gave no answer within 100 ms');
  });
});
