import { isIP } from 'node:net';
import { SLUG_PATTERN } from '@directory/domain';

/** Environment variables as process.env holds them. */
export type Env = Record<string, string | undefined>;

/** Every bad setting found at start, named in one error. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** express's named ranges for 'trust proxy'; any other entry is an address or a subnet. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * The parsers both servers read their settings with. Each returns the value, or its fallback after noting what is
 * wrong, so that one start names every bad key: finish() throws ConfigError when anything was noted. An unset or
 * empty variable means its fallback; values are trimmed.
 */
export function settingsReader(env: Env) {
  const problems: string[] = [];
  const str = (key: string, fallback: string): string => {
    const v = env[key];
    return v === undefined || v === '' ? fallback : v.trim();
  };
  const must = (key: string, value: string | undefined, mustBe: string) => problems.push(`${key} must ${mustBe} (got '${value}')`);
  /** The value, noted as "<KEY> must <mustBe> (got '<value>')" when it breaks the rule. */
  const checked = (key: string, fallback: string, ok: (v: string) => boolean, mustBe: string): string => {
    const v = str(key, fallback);
    if (!ok(v)) must(key, v, mustBe);
    return v;
  };
  return {
    str,
    checked,
    /** Notes a problem that a server's own rule found. */
    problem: (message: string) => void problems.push(message),
    oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
      const v = str(key, fallback);
      if ((allowed as readonly string[]).includes(v)) return v as T;
      must(key, v, `be one of ${allowed.join(', ')}`);
      return fallback;
    },
    bool(key: string, fallback: boolean): boolean {
      const v = str(key, String(fallback)).toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      must(key, env[key], 'be true or false');
      return fallback;
    },
    int(key: string, fallback: number, min: number, max: number): number {
      const raw = str(key, String(fallback));
      const v = Number(raw);
      if (/^\d+$/.test(raw) && v >= min && v <= max) return v;
      must(key, raw, `be a whole number from ${min} to ${max}`);
      return fallback;
    },
    /** An http(s) origin such as https://example.ie, without a trailing slash. */
    origin(key: string, fallback: string): string {
      const v = str(key, fallback).replace(/\/+$/, '');
      if (!isOrigin(v)) must(key, v, 'be an http(s) origin such as http://localhost:3000');
      return v;
    },
    date: (key: string, fallback: string): Date =>
      new Date(checked(key, fallback, (v) => !Number.isNaN(new Date(v).getTime()), 'be a date and time such as 2025-05-30T23:59:59+01:00')),
    slug: (key: string, fallback: string): string => checked(key, fallback, (v) => SLUG_PATTERN.test(v), "be a lowercase slug such as 'all-categories'"),
    /**
     * A comma-separated list for express's 'trust proxy' (named ranges, addresses, subnets), kept as written since
     * Fastify (like Express) reads the list itself; each bad entry is noted.
     */
    proxies(key: string, fallback: string): string {
      const v = str(key, fallback);
      for (const entry of v.split(',').map((e) => e.trim())) {
        if (!isProxyEntry(entry)) must(key, entry, `list proxies as ${PROXY_RANGES.join(', ')}, addresses or subnets such as 172.16.0.0/12`);
      }
      return v;
    },
    /** Throws ConfigError naming every problem noted so far. */
    finish(): void {
      if (problems.length) throw new ConfigError(problems);
    },
  };
}

function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return ['http:', 'https:'].includes(u.protocol) && u.pathname === '/';
  } catch {
    return false;
  }
}

/** One of express's named ranges, an address, or a subnet as address/bits or address/netmask. */
function isProxyEntry(entry: string): boolean {
  if ((PROXY_RANGES as readonly string[]).includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return bits === undefined || isIP(bits) === version || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
