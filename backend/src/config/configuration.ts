import { randomBytes } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { ALL_COUNTIES_SLUG, ParentCategory, Site, SITE_PRESETS, SITES, SLUG_PATTERN } from '@directory/domain';
import { type Env, LOG_LEVELS, type LogLevel, settingsReader } from '@directory/server-kit';
import { CronTime } from 'cron';
import { DEFAULT_MIGRATION_LOCK_SECONDS } from '../database/migrate';

/** The only place in the backend that reads process.env. Everything else receives AppConfig. */
export interface AppConfig {
  site: Site;
  siteName: string;
  shortSiteName: string;
  nodeEnv: 'development' | 'production' | 'test';
  stage: boolean;
  /**
   * On stage (STAGE=true) only admins and the accounts whose emails are listed here may sign in, sign up or call the
   * API; the site server proves itself with the shared `key` on its own calls (common/stage.guard.ts).
   */
  stageAccess: { key: string; members: string[] };
  multiSite: boolean;
  apiPort: number;
  apiOrigin: string;
  siteOrigin: string;
  adminOrigin: string;
  database: DatabaseConfig;
  /** How long `migrate` waits for another process's migrations (MySQL GET_LOCK) before it gives up. */
  migrationLockSeconds: number;
  taxonomy: {
    allCategoriesSlug: string;
    /** Fixed by the spec: /counties/all-counties shows every county. */
    allCountiesSlug: typeof ALL_COUNTIES_SLUG;
    defaultCategorySlug: string;
    defaultCountySlug: string;
    parentCategories: ParentCategory[];
    postSlugPrefixes: string[];
  };
  /** Posts whose slug_extract equals this are hidden from everyone but admins. */
  hiddenSlugExtract: string;
  pricesDescending: boolean;
  /** The site's subscription amounts; the other plan terms are fixed (PLAN_TERMS). */
  plans: { monthlyCents: number; yearlyCents: number };
  jwt: { secret: string; accessTtlSeconds: number; refreshTtlDays: number };
  storageDir: string;
  /** Where `npm run backup` writes its dated database dump and storage archive. */
  backupDir: string;
  /** pino's level for the JSON log lines on stdout (one per request, and the application's own messages). */
  logLevel: LogLevel;
  mail: { smtpUrl: string; from: string };
  /** The site's contact address (contact form, enquiries to listings without an owner) and support phone. */
  contact: { email: string; phone: string };
  crosfhocal: { closesAt: Date; prizeEuro: number };
  /** Proxies whose X-Forwarded-For is believed (Fastify's trustProxy: comma-separated addresses, subnets, loopback/linklocal/uniquelocal), for per-address rate limits. */
  trustProxy: string;
  /** When the trial reminder job runs (a cron expression, in the machine's time zone; with seconds as a sixth field). */
  trialRemindersCron: string;
  /** Sign-ups still unconfirmed this many days after their last code was mailed are deleted (PendingAccountPruner). */
  unconfirmedAccountDays: number;
  /** Stripe (or the local stand-in, reached through apiUrl): null key = payments off, the billing routes answer 503. */
  stripe: StripeConfig;
  /** The public-read answer cache (common/answer-cache.ts) and how often the data version is read from the database. */
  answerCache: AnswerCacheConfig;
  calendarFeeds: CalendarFeedsConfig;
}

/** How the calendar feeds a lister gives are fetched (modules/calendar/feed-fetcher.ts). */
export interface CalendarFeedsConfig {
  timeoutMs: number;
  maxBytes: number;
  /**
   * Test runs only (NODE_ENV=test): loopback `host:port`s a test's own feed server listens on, fetched although
   * loopback addresses are refused otherwise. Refused at boot in any other environment.
   */
  testAllow: string[];
}

export interface AnswerCacheConfig {
  /** ANSWER_CACHE=off: every public read is built afresh (the benchmark's cold runs; debugging). */
  enabled: boolean;
  /** Bounds of the in-process LRU: bytes of answer bodies kept, and answers kept. */
  maxBytes: number;
  maxEntries: number;
  /** How long a version read from data_version is believed before it is read again (0: on every request). */
  versionCheckMs: number;
}

export interface StripeConfig {
  secretKey: string | null;
  webhookSecret: string;
  /** Where the SDK sends its calls instead of api.stripe.com (the stand-in that `make start` and the tests run). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
  /** Price ids per plan; unset, the prices are found or created by lookup key at the configured amounts. */
  priceIds: { monthly: string | null; yearly: string | null };
}

export type DatabaseConfig =
  /** replicaUrls: read replicas of `url` for anonymous public reads (database/read-routing.ts); none: every query reads `url`. */
  | { type: 'mysql'; url: string; replicaUrls?: string[] }
  | { type: 'better-sqlite3'; path: string };

export { ConfigError } from '@directory/server-kit';

/** The reserved slug_extract that hides a post when HIDDEN_SLUG_EXTRACT is not set (also post_counts_hidden's first row). */
export const DEFAULT_HIDDEN_SLUG_EXTRACT = 'hidden-listing';

const MYSQL_URL = /^mysql:\/\/[^/]+\/[A-Za-z0-9_]+(\?.*)?$/;

/** Reads and validates configuration; throws ConfigError naming every bad key at once. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const settings = settingsReader(env);
  const { str, oneOf, bool, int, origin, date, slug, checked, proxies, problem } = settings;
  const smtp = (key: string, fallback: string) => {
    const url = checked(key, fallback, (v) => /^smtps?:\/\/[^/\s]+\/?(\?.*)?$/.test(v), 'look like smtp://user:pass@host:587');
    if (nodeEnv === 'production' && hasPlaceholderCredentials(url)) problem(`${key}'s user or password ${PLACEHOLDER_ADVICE}: set the mail server's real ones`);
    return url;
  };
  const mailFrom = (key: string, fallback: string) => {
    // Mail from localhost is refused or binned by real mail servers: production needs the site's own domain.
    const ownDomain = (v: string) => {
      const domain = /@([^@>\s]+)>?$/.exec(v)?.[1] ?? '';
      return !!domain && !/^(localhost|.+\.localhost|127(\.\d+){3}|\[::1\])$/i.test(domain);
    };
    return checked(key, fallback, (v) => nodeEnv !== 'production' || ownDomain(v), `be set in production to an address on the site's own domain, e.g. "Directory" <no-reply@example.ie>`);
  };

  const site = oneOf('SITE', SITES, 'church');
  const preset = SITE_PRESETS[site];
  const nodeEnv = oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const apiPort = int('API_PORT', 3000, 1, 65535);
  const siteOrigin = origin('SITE_ORIGIN', 'http://localhost:8080');

  const parentCategories = env.PARENT_CATEGORIES
    ? parseParentCategories(env.PARENT_CATEGORIES, problem)
    : preset.parentCategories;

  const databaseUrl = str('DATABASE_URL', '');
  const replicaUrls = str('DATABASE_REPLICA_URLS', '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  let database: DatabaseConfig;
  if (databaseUrl) {
    if (!MYSQL_URL.test(databaseUrl)) {
      problem('DATABASE_URL must look like mysql://user:pass@host:port/database');
    }
    // Named by position, not value: a URL holds a password.
    replicaUrls.forEach((u, i) => {
      if (!MYSQL_URL.test(u)) problem(`DATABASE_REPLICA_URLS entry ${i + 1} must look like mysql://user:pass@host:port/database`);
    });
    database = { type: 'mysql', url: databaseUrl, ...(replicaUrls.length ? { replicaUrls } : {}) };
  } else {
    if (replicaUrls.length) problem('DATABASE_REPLICA_URLS needs a MySQL/MariaDB DATABASE_URL (a SQLite database has no replicas)');
    const p = str('SQLITE_PATH', 'data/directory.sqlite');
    database = { type: 'better-sqlite3', path: isAbsolute(p) ? p : resolve(cwd, p) };
  }

  const production = nodeEnv === 'production';
  const stage = bool('STAGE', false);
  const stageKey = str('STAGE_KEY', '');
  if (stage && stageKey.length < 32) problem('STAGE_KEY must be set to 32 or more random characters when STAGE=true (the same value as the site server\'s)');
  const stageMembers = str('STAGE_MEMBERS', '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  let secret = str('JWT_SECRET', '');
  if (!secret) {
    if (production) problem('JWT_SECRET must be set in production');
    // Development and tests get a fresh random secret: sessions simply end on restart.
    secret = randomBytes(32).toString('hex');
  } else if (secret.length < 32) {
    problem('JWT_SECRET must be at least 32 characters long');
  } else if (production && isPlaceholder(secret)) {
    problem(`JWT_SECRET ${PLACEHOLDER_ADVICE}: set it to 32 or more random characters, e.g. openssl rand -hex 32`);
  }
  // Credentials inside URLs: a copied .env.example's change-me would otherwise reach the database or mail server.
  if (production) {
    if (databaseUrl && hasPlaceholderCredentials(databaseUrl)) problem(`DATABASE_URL's password ${PLACEHOLDER_ADVICE}: set the database user's real password`);
    replicaUrls.forEach((u, i) => {
      if (hasPlaceholderCredentials(u)) problem(`DATABASE_REPLICA_URLS entry ${i + 1}'s password ${PLACEHOLDER_ADVICE}`);
    });
  }

  const config: AppConfig = {
    site,
    siteName: str('SITE_NAME', preset.siteName),
    shortSiteName: str('SHORT_SITE_NAME', preset.shortSiteName),
    nodeEnv,
    stage,
    stageAccess: { key: stageKey, members: stageMembers },
    multiSite: bool('MULTI_SITE', site === 'multi'),
    apiPort,
    apiOrigin: origin('API_ORIGIN', `http://localhost:${apiPort}`),
    siteOrigin,
    adminOrigin: origin('ADMIN_ORIGIN', siteOrigin),
    database,
    migrationLockSeconds: int('MIGRATION_LOCK_TIMEOUT_SECONDS', DEFAULT_MIGRATION_LOCK_SECONDS, 1, 86_400),
    taxonomy: {
      allCategoriesSlug: slug('ALL_CATEGORIES_SLUG', preset.allCategoriesSlug),
      allCountiesSlug: ALL_COUNTIES_SLUG,
      defaultCategorySlug: slug('DEFAULT_CATEGORY_SLUG', preset.defaultCategorySlug),
      defaultCountySlug: slug('DEFAULT_COUNTY_SLUG', preset.defaultCountySlug),
      parentCategories,
      postSlugPrefixes: preset.postSlugPrefixes,
    },
    hiddenSlugExtract: slug('HIDDEN_SLUG_EXTRACT', DEFAULT_HIDDEN_SLUG_EXTRACT),
    pricesDescending: preset.pricesDescending,
    plans: {
      monthlyCents: int('PLAN_MONTHLY_CENTS', preset.planMonthlyCents, 1, 10_000_000),
      yearlyCents: int('PLAN_YEARLY_CENTS', preset.planYearlyCents, 1, 100_000_000),
    },
    jwt: {
      secret,
      accessTtlSeconds: int('JWT_ACCESS_TTL_SECONDS', 900, 30, 86_400),
      refreshTtlDays: int('JWT_REFRESH_TTL_DAYS', 30, 1, 365),
    },
    storageDir: resolve(cwd, str('STORAGE_DIR', 'storage')),
    backupDir: resolve(cwd, str('BACKUP_DIR', 'backups')),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    mail: {
      // Development default: the mail catcher that `make start` runs (web view on http://localhost:1080).
      smtpUrl: smtp('SMTP_URL', 'smtp://localhost:1025'),
      from: mailFrom('MAIL_FROM', `"${str('SITE_NAME', preset.siteName)}" <no-reply@localhost>`),
    },
    trustProxy: proxies('TRUST_PROXY', 'loopback'),
    // Hourly by default; any API process may run it, a lease in job_locks lets one at a time.
    trialRemindersCron: checked('TRIAL_REMINDERS_CRON', '0 * * * *', validCron, "be a cron expression such as '0 * * * *' (hourly) or '0 9 * * *' (09:00 daily)"),
    // A week: far past the code's lifetime, long enough for a lister back from a few days away to sign up again.
    unconfirmedAccountDays: int('UNCONFIRMED_ACCOUNT_DAYS', 7, 1, 365),
    stripe: stripeConfig(settings, production),
    contact: { email: str('CONTACT_EMAIL', 'hello@localhost'), phone: str('SUPPORT_PHONE', '+353 1 555 0100') },
    // Entries close at the end of Friday 30 May 2025, Irish time.
    answerCache: {
      enabled: bool('ANSWER_CACHE', true),
      maxBytes: int('ANSWER_CACHE_MAX_MB', 64, 1, 4096) * 1024 * 1024,
      maxEntries: int('ANSWER_CACHE_MAX_ENTRIES', 20_000, 1, 10_000_000),
      versionCheckMs: int('DATA_VERSION_CHECK_MS', 250, 0, 60_000),
    },
    calendarFeeds: {
      timeoutMs: int('CALENDAR_FEED_TIMEOUT_MS', 10_000, 100, 60_000),
      maxBytes: int('CALENDAR_FEED_MAX_KB', 2048, 1, 20_480) * 1024,
      testAllow: calendarTestAllow(str('CALENDAR_FEED_TEST_ALLOW', ''), nodeEnv, problem),
    },
    crosfhocal: { closesAt: date('CROSFHOCAL_CLOSES_AT', '2025-05-30T23:59:59+01:00'), prizeEuro: int('CROSFHOCAL_PRIZE_EURO', 250, 0, 1_000_000) },
  };

  settings.finish();
  return config;
}

/** CALENDAR_FEED_TEST_ALLOW: loopback host:port pairs, only when NODE_ENV=test (a production bypass would defeat the check). */
function calendarTestAllow(value: string, nodeEnv: AppConfig['nodeEnv'], problem: (message: string) => void): string[] {
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  if (!entries.length) return [];
  if (nodeEnv !== 'test') problem('CALENDAR_FEED_TEST_ALLOW is for the test suite only: leave it unset unless NODE_ENV=test');
  for (const e of entries) if (!/^127\.0\.0\.1:\d{1,5}$/.test(e)) problem(`CALENDAR_FEED_TEST_ALLOW entry '${e}' must look like 127.0.0.1:PORT`);
  return entries;
}

function stripeConfig({ checked, problem }: ReturnType<typeof settingsReader>, production: boolean): StripeConfig {
  const secretKey = checked('STRIPE_SECRET_KEY', '', (v) => v === '' || /^(sk|rk)_(test|live)_\w+$/.test(v), 'look like sk_test_... or sk_live_...');
  const webhookSecret = checked('STRIPE_WEBHOOK_SECRET', '', (v) => v === '' || /^whsec_\w+$/.test(v), 'look like whsec_...');
  if (production) {
    for (const [key, value] of [['STRIPE_SECRET_KEY', secretKey], ['STRIPE_WEBHOOK_SECRET', webhookSecret]]) {
      if (value && isPlaceholder(value.replace(/^(sk|rk)_(test|live)_|^whsec_/, ''))) problem(`${key} ${PLACEHOLDER_ADVICE}: copy it from the Stripe dashboard`);
    }
  }
  if (secretKey && !webhookSecret) problem('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is');
  const apiUrl = checked('STRIPE_API_URL', '', (v) => v === '' || /^https?:\/\/[^/\s]+\/?$/.test(v), 'be an origin such as http://localhost:12111');
  let api: StripeConfig['api'] = null;
  if (apiUrl && /^https?:\/\/[^/\s]+\/?$/.test(apiUrl)) {
    const u = new URL(apiUrl);
    const protocol = u.protocol === 'https:' ? 'https' : 'http';
    api = { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'https' ? 443 : 80, protocol };
  }
  // The values `make start` gives the API for the local stand-in are public (docs, scripts): in production they would
  // take no real payment, or accept webhooks signed with a secret anyone can read.
  if (production) {
    const advice = 'is the Stripe stand-in\'s development value (from make start and the docs)';
    if (secretKey === STAND_IN_SECRET_KEY) problem(`STRIPE_SECRET_KEY ${advice}: set the secret key from the Stripe dashboard`);
    if (webhookSecret.startsWith(STAND_IN_WEBHOOK_SECRET_PREFIX)) problem(`STRIPE_WEBHOOK_SECRET ${advice}: set the signing secret of the Stripe webhook endpoint`);
    if (api && isLoopback(api.host)) problem(`STRIPE_API_URL points at this machine (${api.host}), where only the development stand-in answers: leave it unset in production so the API talks to Stripe`);
  }
  const priceId = (key: string) => checked(key, '', (v) => v === '' || /^price_\w+$/.test(v), 'look like price_...') || null;
  return { secretKey: secretKey || null, webhookSecret, api, priceIds: { monthly: priceId('STRIPE_PRICE_MONTHLY'), yearly: priceId('STRIPE_PRICE_YEARLY') } };
}

/** What scripts/start.sh gives the API for the Stripe stand-in (refused in production). */
const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
const STAND_IN_WEBHOOK_SECRET_PREFIX = 'whsec_stand_in';
const isLoopback = (host: string) => /^(localhost|.+\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i.test(host);

/**
 * What .env.example and guides put where a secret belongs (change-me..., replace_me, <your-secret>, one character
 * repeated): refused in production, where the real value must be set. Outside production tests and development run
 * on such values freely.
 */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|placeholder|^<.*>$|^(.)\1*$/i;
const PLACEHOLDER_ADVICE = 'is a placeholder (such as change-me from .env.example)';
export const isPlaceholder = (value: string): boolean => PLACEHOLDER.test(value);

/** A URL's user or password is a placeholder; one that cannot be parsed is another check's problem. */
function hasPlaceholderCredentials(url: string): boolean {
  try {
    const { username, password } = new URL(url);
    return [username, password].some((part) => part !== '' && isPlaceholder(decodeURIComponent(part)));
  } catch {
    return false;
  }
}

const validCron = (expression: string): boolean => {
  try {
    new CronTime(expression);
    return true;
  } catch {
    return false;
  }
};

/** PARENT_CATEGORIES="artistic-activities:Artistic Activities:16-20,health-wellbeing:Health & Wellbeing:21-" */
function parseParentCategories(raw: string, problem: (message: string) => void): ParentCategory[] {
  const parents: ParentCategory[] = [];
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z0-9-]+):([^:]+):(\d+)-(\d*)$/.exec(part);
    if (!m || !SLUG_PATTERN.test(m[1])) {
      problem(`PARENT_CATEGORIES entry '${part}' must look like slug:Name:16-20 or slug:Name:21-`);
      continue;
    }
    const minId = Number(m[3]);
    const maxId = m[4] === '' ? null : Number(m[4]);
    if (maxId !== null && maxId < minId) {
      problem(`PARENT_CATEGORIES entry '${part}' has its id range backwards`);
      continue;
    }
    parents.push({ slug: m[1], name: m[2].trim(), minId, maxId });
  }
  return parents;
}
