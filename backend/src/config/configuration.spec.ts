import { ConfigError, loadConfig } from './configuration';

describe(loadConfig.name, () => {
  it('gives a working church site with no environment at all', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      site: 'church',
      stage: false,
      multiSite: false,
      apiPort: 3000,
      apiOrigin: 'http://localhost:3000',
      siteOrigin: 'http://localhost:8080',
      database: { type: 'better-sqlite3', path: '/srv/app/data/directory.sqlite' },
      hiddenSlugExtract: 'hidden-listing',
      plans: { monthlyCents: 2000, yearlyCents: 20000 },
      taxonomy: { allCategoriesSlug: 'all-categories', allCountiesSlug: 'all-counties', defaultCategorySlug: 'all-categories', defaultCountySlug: 'all-counties', parentCategories: [] },
    });
    expect(c.jwt.secret).toHaveLength(64);
  });

  it('loads the cliste preset with its two parents and school prices', () => {
    const c = loadConfig({ SITE: 'cliste' });
    expect(c.taxonomy.parentCategories).toEqual([
      { slug: 'artistic-activities', name: 'Artistic Activities', minId: 16, maxId: 20 },
      { slug: 'health-wellbeing', name: 'Health & Wellbeing', minId: 21, maxId: null },
    ]);
    expect(c.taxonomy.postSlugPrefixes).toEqual(['school-tours-', 'school-workshops-']);
    expect(c.plans).toMatchObject({ monthlyCents: 1000, yearlyCents: 10000 });
  });

  it('turns on the multi-site flag and descending prices on the multi site', () => {
    expect(loadConfig({ SITE: 'multi' })).toMatchObject({ multiSite: true, pricesDescending: true });
  });

  it('reads overrides', () => {
    const c = loadConfig({
      STAGE: 'true',
      STAGE_KEY: 'k'.repeat(32),
      STAGE_MEMBERS: ' Tester@Example.ie ,, other@example.ie',
      DATABASE_URL: 'mysql://app:secret@db:3306/directory',
      PARENT_CATEGORIES: 'a-b:A B:1-5,c:C:6-',
      PLAN_MONTHLY_CENTS: '2500',
      API_PORT: '4000',
      DEFAULT_COUNTY_SLUG: 'dublin',
    });
    expect(c.stage).toBe(true);
    expect(c.stageAccess).toEqual({ key: 'k'.repeat(32), members: ['tester@example.ie', 'other@example.ie'] });
    expect(c.database).toEqual({ type: 'mysql', url: 'mysql://app:secret@db:3306/directory' });
    expect(c.taxonomy.parentCategories).toEqual([
      { slug: 'a-b', name: 'A B', minId: 1, maxId: 5 },
      { slug: 'c', name: 'C', minId: 6, maxId: null },
    ]);
    expect(c.plans.monthlyCents).toBe(2500);
    expect(c.apiOrigin).toBe('http://localhost:4000');
    expect(c.taxonomy.defaultCountySlug).toBe('dublin');
  });

  it('runs the trial reminders hourly unless TRIAL_REMINDERS_CRON says otherwise, and refuses an expression cron cannot read', () => {
    expect(loadConfig({}).trialRemindersCron).toBe('0 * * * *');
    expect(loadConfig({ TRIAL_REMINDERS_CRON: '0 9 * * *' }).trialRemindersCron).toBe('0 9 * * *');
    expect(() => loadConfig({ TRIAL_REMINDERS_CRON: 'hourly' })).toThrow(/TRIAL_REMINDERS_CRON/);
    expect(() => loadConfig({ TRIAL_REMINDERS_CRON: '61 * * * *' })).toThrow(/TRIAL_REMINDERS_CRON/);
  });

  it('removes unconfirmed sign-ups after 7 days unless UNCONFIRMED_ACCOUNT_DAYS says otherwise, naming a bad value', () => {
    expect(loadConfig({}).unconfirmedAccountDays).toBe(7);
    expect(loadConfig({ UNCONFIRMED_ACCOUNT_DAYS: '30' }).unconfirmedAccountDays).toBe(30);
    expect(() => loadConfig({ UNCONFIRMED_ACCOUNT_DAYS: '0' })).toThrow("UNCONFIRMED_ACCOUNT_DAYS must be a whole number from 1 to 365 (got '0')");
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ SITE: 'chapel', STAGE: 'maybe', API_PORT: '99999', SITE_ORIGIN: 'localhost:8080', PARENT_CATEGORIES: 'x:X:9-2', DATABASE_URL: 'postgres://x/y', TRUST_PROXY: 'loopback, nginx' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain("SITE must be one of church, cliste, multi (got 'chapel')");
    expect(problems).toContain("STAGE must be true or false (got 'maybe')");
    expect(problems).toContain("API_PORT must be a whole number from 1 to 65535 (got '99999')");
    expect(problems).toContain('SITE_ORIGIN must be an http(s) origin');
    expect(problems).toContain("PARENT_CATEGORIES entry 'x:X:9-2' has its id range backwards");
    expect(problems).toContain('DATABASE_URL must look like mysql://user:pass@host:port/database');
    expect(problems).toContain("TRUST_PROXY must list proxies as loopback, linklocal, uniquelocal, addresses or subnets such as 172.16.0.0/12 (got 'nginx')");
  });

  it('reads read replicas and the migration lock timeout, and refuses replicas that are not MySQL URLs or with SQLite', () => {
    const primary = 'mysql://app:secret@db:3306/directory';
    expect(loadConfig({ DATABASE_URL: primary }).database).toEqual({ type: 'mysql', url: primary });
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: ' mysql://ro:pw@replica1/directory, mysql://ro:pw@replica2:3307/directory ,' })).toMatchObject({
      database: { type: 'mysql', url: primary, replicaUrls: ['mysql://ro:pw@replica1/directory', 'mysql://ro:pw@replica2:3307/directory'] },
      migrationLockSeconds: 300,
    });
    expect(loadConfig({ MIGRATION_LOCK_TIMEOUT_SECONDS: '20' }).migrationLockSeconds).toBe(20);
    // A bad entry is named by its position, never by its value (it holds a password).
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'mysql://ro:pw@replica1/directory,postgres://ro:hunter2@x/y' })).toThrow(
      /DATABASE_REPLICA_URLS entry 2 must look like mysql:\/\/user:pass@host:port\/database$/m,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'mysql://ro:pw@replica1/directory' })).toThrow('DATABASE_REPLICA_URLS needs a MySQL/MariaDB DATABASE_URL');
    expect(() => loadConfig({ MIGRATION_LOCK_TIMEOUT_SECONDS: '0' })).toThrow("MIGRATION_LOCK_TIMEOUT_SECONDS must be a whole number from 1 to 86400 (got '0')");
  });

  it('requires a stage key of 32 or more characters on stage only', () => {
    expect(() => loadConfig({ STAGE: 'true' })).toThrow(/STAGE_KEY must be set to 32 or more random characters when STAGE=true/);
    expect(() => loadConfig({ STAGE: 'true', STAGE_KEY: 'short' })).toThrow(/STAGE_KEY/);
    expect(loadConfig({}).stageAccess).toEqual({ key: '', members: [] });
  });

  it('reads the answer cache settings: on, 64 MB, 20,000 answers and a 250 ms version check by default; bad values named', () => {
    expect(loadConfig({}).answerCache).toEqual({ enabled: true, maxBytes: 64 * 1024 * 1024, maxEntries: 20_000, versionCheckMs: 250 });
    expect(loadConfig({ ANSWER_CACHE: 'off', ANSWER_CACHE_MAX_MB: '8', DATA_VERSION_CHECK_MS: '0' }).answerCache).toMatchObject({ enabled: false, maxBytes: 8 * 1024 * 1024, versionCheckMs: 0 });
    let error: unknown;
    try {
      loadConfig({ ANSWER_CACHE: 'sometimes', ANSWER_CACHE_MAX_MB: '0', ANSWER_CACHE_MAX_ENTRIES: 'lots', DATA_VERSION_CHECK_MS: '-1' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain("ANSWER_CACHE must be true or false (got 'sometimes')");
    expect(problems).toContain("ANSWER_CACHE_MAX_MB must be a whole number from 1 to 4096 (got '0')");
    expect(problems).toContain("ANSWER_CACHE_MAX_ENTRIES must be a whole number from 1 to 10000000 (got 'lots')");
    expect(problems).toContain("DATA_VERSION_CHECK_MS must be a whole number from 0 to 60000 (got '-1')");
  });

  it('requires a strong JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET must be set in production');
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long');
  });

  it(".env.example's change-me placeholders stop a production start, each secret named and never shown; development and tests take them", () => {
    const example = {
      JWT_SECRET: 'change-me-to-32-or-more-random-characters',
      DATABASE_URL: 'mysql://directory:change-me@mysql:3306/directory',
      SMTP_URL: 'smtps://change-me:change-me@smtp.example.ie:465',
      MAIL_FROM: 'no-reply@example.ie',
    };
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', ...example, DATABASE_REPLICA_URLS: 'mysql://ro:Xq7vR2mK9pL4@replica/directory,mysql://ro:CHANGE_ME@replica2/directory', STRIPE_SECRET_KEY: 'sk_live_change_me', STRIPE_WEBHOOK_SECRET: 'whsec_xxxxxxxx' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems;
    const placeholder = 'is a placeholder (such as change-me from .env.example)';
    expect(problems).toEqual([
      `JWT_SECRET ${placeholder}: set it to 32 or more random characters, e.g. openssl rand -hex 32`,
      `DATABASE_URL's password ${placeholder}: set the database user's real password`,
      `DATABASE_REPLICA_URLS entry 2's password ${placeholder}`,
      `SMTP_URL's user or password ${placeholder}: set the mail server's real ones`,
      `STRIPE_SECRET_KEY ${placeholder}: copy it from the Stripe dashboard`,
      `STRIPE_WEBHOOK_SECRET ${placeholder}: copy it from the Stripe dashboard`,
    ]);
    expect(problems.join('\n')).not.toMatch(/change-me@|CHANGE_ME|Xq7vR2mK9pL4/);
    // A secret of one character repeated is as good as none.
    expect(() => loadConfig({ ...example, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'mysql://directory:Rk29vLp0Qz81@mysql:3306/directory', SMTP_URL: 'smtps://mailer:s3nd-It-2025@smtp.example.ie:465' })).toThrow(
      /- JWT_SECRET is a placeholder/,
    );
    const real = { NODE_ENV: 'production', JWT_SECRET: 'f3a9c1d27be84e05a6d9c0b1e2f3a4b5', DATABASE_URL: 'mysql://directory:Rk29vLp0Qz81@mysql:3306/directory', SMTP_URL: 'smtps://mailer:s3nd-It-2025@smtp.example.ie:465', MAIL_FROM: 'no-reply@example.ie' };
    expect(loadConfig(real).jwt.secret).toBe(real.JWT_SECRET);
    // Outside production the example's values (and a database user without a password) are taken as they are.
    expect(loadConfig({ ...example, NODE_ENV: 'development' }).jwt.secret).toBe(example.JWT_SECRET);
    expect(loadConfig({ ...example, NODE_ENV: 'test' }).mail.smtpUrl).toBe(example.SMTP_URL);
    expect(loadConfig({ ...real, DATABASE_URL: 'mysql://root@127.0.0.1:3306/directory_bench' }).database).toMatchObject({ type: 'mysql' });
  });

  it('refuses to start in production with MAIL_FROM on localhost, naming the key', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'f3a9c1d27be84e05a6d9c0b1e2f3a4b5' };
    expect(() => loadConfig(production)).toThrow(`MAIL_FROM must be set in production to an address on the site's own domain`);
    for (const from of ['no-reply@localhost', '"Directory" <no-reply@mail.localhost>', 'no-reply@127.0.0.1', 'nobody']) {
      expect(() => loadConfig({ ...production, MAIL_FROM: from })).toThrow(`(got '${from}')`);
    }
    expect(loadConfig({ ...production, MAIL_FROM: '"Church Musicians" <no-reply@churchmusicians.ie>' }).mail.from).toBe('"Church Musicians" <no-reply@churchmusicians.ie>');
    expect(loadConfig({}).mail.from).toBe('"Church Musicians Ireland" <no-reply@localhost>');
  });
  it('reads Stripe: off without a key, the stand-in through STRIPE_API_URL as host, port and protocol, bad values named', () => {
    expect(loadConfig({}).stripe).toEqual({ secretKey: null, webhookSecret: '', api: null, priceIds: { monthly: null, yearly: null } });
    const standIn = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: 'whsec_dev', STRIPE_API_URL: 'http://localhost:12111', STRIPE_PRICE_MONTHLY: 'price_123' });
    expect(standIn.stripe).toEqual({ secretKey: 'sk_test_stand_in', webhookSecret: 'whsec_dev', api: { host: 'localhost', port: 12111, protocol: 'http' }, priceIds: { monthly: 'price_123', yearly: null } });
    expect(loadConfig({ STRIPE_API_URL: 'https://stripe.example.ie' }).stripe.api).toEqual({ host: 'stripe.example.ie', port: 443, protocol: 'https' });
    let error: unknown;
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_nope', STRIPE_API_URL: 'localhost:12111/v1', STRIPE_PRICE_YEARLY: 'prod_x' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain("STRIPE_SECRET_KEY must look like sk_test_... or sk_live_... (got 'pk_live_nope')");
    expect(problems).toContain('STRIPE_API_URL must be an origin such as http://localhost:12111');
    expect(problems).toContain("STRIPE_PRICE_YEARLY must look like price_... (got 'prod_x')");
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is');
  });

  it("refuses the Stripe stand-in's development values in production, each named; development and tests take them", () => {
    const real = { NODE_ENV: 'production', JWT_SECRET: 'f3a9c1d27be84e05a6d9c0b1e2f3a4b5', MAIL_FROM: 'no-reply@example.ie' };
    const standIn = { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_development', STRIPE_API_URL: 'http://localhost:12111' };
    let error: unknown;
    try {
      loadConfig({ ...real, ...standIn });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      "STRIPE_SECRET_KEY is the Stripe stand-in's development value (from make start and the docs): set the secret key from the Stripe dashboard",
      "STRIPE_WEBHOOK_SECRET is the Stripe stand-in's development value (from make start and the docs): set the signing secret of the Stripe webhook endpoint",
      'STRIPE_API_URL points at this machine (localhost), where only the development stand-in answers: leave it unset in production so the API talks to Stripe',
    ]);
    for (const url of ['http://127.0.0.1:12111', 'http://[::1]:12111', 'https://stand-in.localhost', 'http://0.0.0.0:12111', 'http://[::ffff:127.0.0.1]:12111']) {
      expect(() => loadConfig({ ...real, STRIPE_SECRET_KEY: 'sk_live_51Hx9QkL2m', STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a', STRIPE_API_URL: url })).toThrow(/STRIPE_API_URL points at this machine/);
    }
    // Real values (a test-mode key of one's own too, for a staging site) start; outside production the stand-in's do.
    const live = loadConfig({ ...real, STRIPE_SECRET_KEY: 'sk_test_51Hx9QkL2mOwnAccount', STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a' });
    expect(live.stripe).toMatchObject({ secretKey: 'sk_test_51Hx9QkL2mOwnAccount', api: null });
    expect(loadConfig({ ...standIn, NODE_ENV: 'development' }).stripe.secretKey).toBe('sk_test_stand_in');
    expect(loadConfig({ ...standIn, NODE_ENV: 'test' }).stripe.api).toEqual({ host: 'localhost', port: 12111, protocol: 'http' });
  });

  it('reads LOG_LEVEL (info by default) and BACKUP_DIR (backups/ beside the API), naming a bad level', () => {
    expect(loadConfig({}, '/srv/app')).toMatchObject({ logLevel: 'info', backupDir: '/srv/app/backups' });
    expect(loadConfig({ LOG_LEVEL: 'warn', BACKUP_DIR: '/var/backups/directory' }, '/srv/app')).toMatchObject({ logLevel: 'warn', backupDir: '/var/backups/directory' });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of .*silent/);
  });

  it('allows a test feed server on loopback (CALENDAR_FEED_TEST_ALLOW) only when NODE_ENV=test, and bounds feed fetches', () => {
    expect(loadConfig({ NODE_ENV: 'test', CALENDAR_FEED_TEST_ALLOW: '127.0.0.1:4100' }).calendarFeeds).toEqual({ timeoutMs: 10_000, maxBytes: 2048 * 1024, testAllow: ['127.0.0.1:4100'] });
    expect(() => loadConfig({ NODE_ENV: 'production', CALENDAR_FEED_TEST_ALLOW: '127.0.0.1:4100' })).toThrow(/CALENDAR_FEED_TEST_ALLOW is for the test suite only/);
    expect(() => loadConfig({ NODE_ENV: 'development', CALENDAR_FEED_TEST_ALLOW: '127.0.0.1:4100' })).toThrow(/CALENDAR_FEED_TEST_ALLOW/);
    expect(() => loadConfig({ NODE_ENV: 'test', CALENDAR_FEED_TEST_ALLOW: '10.0.0.1:80' })).toThrow(/must look like 127\.0\.0\.1:PORT/);
  });
});
