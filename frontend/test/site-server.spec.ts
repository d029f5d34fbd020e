import { loadSiteConfig } from '../server/config.js';
import { contentSecurityPolicy } from '../server/headers.js';

describe("the site server's settings", () => {
  it('reads TRUST_PROXY as the API does: named ranges, addresses and subnets, loopback by default', () => {
    expect(loadSiteConfig({}).trustProxy).toBe('loopback');
    for (const ok of ['loopback, 172.16.0.0/12', 'uniquelocal', '10.0.0.5', '10.0.0.0/255.0.0.0', '::1, fd00::/8']) expect(loadSiteConfig({ TRUST_PROXY: ok }).trustProxy).toBe(ok);
  });

  it.each(['true', '1', '10.0.0.0/33', '10.0.0.0/8/8', 'nginx'])('refuses TRUST_PROXY=%s, naming the key', (value) => {
    expect(() => loadSiteConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY must list proxies as loopback, linklocal, uniquelocal, addresses or subnets such as 172.16.0.0/12 (got '${value}')`);
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
