import { ConfigError, settingsReader, type Env } from './settings';

/** Reads with one parser and returns its value and the problems noted. */
function read<T>(env: Env, parse: (s: ReturnType<typeof settingsReader>) => T): { value: T; problems: string[] } {
  const s = settingsReader(env);
  const value = parse(s);
  try {
    s.finish();
    return { value, problems: [] };
  } catch (err) {
    return { value, problems: (err as ConfigError).problems };
  }
}

describe(settingsReader.name, () => {
  it('takes the fallback for an unset or empty key and trims the rest', () => {
    expect(read({}, (s) => s.str('NAME', 'x')).value).toBe('x');
    expect(read({ NAME: '' }, (s) => s.str('NAME', 'x')).value).toBe('x');
    expect(read({ NAME: '  y ' }, (s) => s.str('NAME', 'x')).value).toBe('y');
  });

  it('reads booleans as 1/0, true/false, yes/no, on/off in any case', () => {
    for (const v of ['1', 'TRUE', 'yes', 'On']) expect(read({ FLAG: v }, (s) => s.bool('FLAG', false))).toEqual({ value: true, problems: [] });
    for (const v of ['0', 'False', 'NO', 'off']) expect(read({ FLAG: v }, (s) => s.bool('FLAG', true))).toEqual({ value: false, problems: [] });
    expect(read({ FLAG: 'maybe' }, (s) => s.bool('FLAG', false))).toEqual({ value: false, problems: ["FLAG must be true or false (got 'maybe')"] });
  });

  it('reads whole numbers within their bounds', () => {
    expect(read({ PORT: '8080' }, (s) => s.int('PORT', 1, 1, 65535)).value).toBe(8080);
    for (const bad of ['0', '65536', '80.5', '-1', '1e3', 'eighty']) {
      expect(read({ PORT: bad }, (s) => s.int('PORT', 3000, 1, 65535))).toEqual({ value: 3000, problems: [`PORT must be a whole number from 1 to 65535 (got '${bad}')`] });
    }
  });

  it('reads one of a list of words', () => {
    expect(read({ SITE: 'cliste' }, (s) => s.oneOf('SITE', ['church', 'cliste'], 'church')).value).toBe('cliste');
    expect(read({ SITE: 'chapel' }, (s) => s.oneOf('SITE', ['church', 'cliste'], 'church'))).toEqual({ value: 'church', problems: ["SITE must be one of church, cliste (got 'chapel')"] });
  });

  it('reads http(s) origins without their trailing slash', () => {
    expect(read({ API_ORIGIN: 'https://api.example.ie/' }, (s) => s.origin('API_ORIGIN', 'http://localhost:3000')).value).toBe('https://api.example.ie');
    for (const bad of ['localhost:3000', 'ftp://example.ie', 'https://example.ie/api', 'http://exa mple.ie']) {
      expect(read({ API_ORIGIN: bad }, (s) => s.origin('API_ORIGIN', 'http://localhost:3000')).problems).toEqual([
        `API_ORIGIN must be an http(s) origin such as http://localhost:3000 (got '${bad}')`,
      ]);
    }
  });

  it('reads dates and slugs', () => {
    expect(read({ CLOSES: '2025-05-30T23:59:59+01:00' }, (s) => s.date('CLOSES', '2025-01-01')).value.toISOString()).toBe('2025-05-30T22:59:59.000Z');
    expect(read({ CLOSES: 'Friday' }, (s) => s.date('CLOSES', '2025-01-01')).problems).toEqual(["CLOSES must be a date and time such as 2025-05-30T23:59:59+01:00 (got 'Friday')"]);
    expect(read({ SLUG: 'all-counties' }, (s) => s.slug('SLUG', 'x')).value).toBe('all-counties');
    expect(read({ SLUG: 'All Counties' }, (s) => s.slug('SLUG', 'x')).problems).toEqual(["SLUG must be a lowercase slug such as 'all-categories' (got 'All Counties')"]);
  });

  it("reads TRUST_PROXY as express's 'trust proxy' list: named ranges, addresses and subnets", () => {
    for (const ok of ['loopback', 'loopback, 172.16.0.0/12', 'uniquelocal', '10.0.0.5', '10.0.0.0/255.0.0.0', '::1, fd00::/8']) {
      expect(read({ TRUST_PROXY: ok }, (s) => s.proxies('TRUST_PROXY', 'loopback'))).toEqual({ value: ok, problems: [] });
    }
    for (const bad of ['true', '1', '10.0.0.0/33', '10.0.0.0/8/8', 'nginx', '::1/255.0.0.0']) {
      expect(read({ TRUST_PROXY: bad }, (s) => s.proxies('TRUST_PROXY', 'loopback')).problems).toEqual([
        `TRUST_PROXY must list proxies as loopback, linklocal, uniquelocal, addresses or subnets such as 172.16.0.0/12 (got '${bad}')`,
      ]);
    }
  });

  it('names every bad key in one ConfigError, with the problems a server noted itself', () => {
    const s = settingsReader({ A: 'x', B: 'y', C: 'z' });
    s.bool('A', false);
    s.int('B', 1, 1, 9);
    s.checked('C', 'smtp://localhost', (v) => v.startsWith('smtp'), 'look like smtp://host:587');
    s.problem('D must be set in production');
    expect(() => s.finish()).toThrow(
      new ConfigError(["A must be true or false (got 'x')", "B must be a whole number from 1 to 9 (got 'y')", "C must look like smtp://host:587 (got 'z')", 'D must be set in production']),
    );
    expect(() => s.finish()).toThrow("Invalid configuration:\n  - A must be true or false (got 'x')\n  - B must");
  });
});
