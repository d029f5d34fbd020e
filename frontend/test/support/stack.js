import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';

/**
 * The real stack for page and browser tests: a fresh database (MariaDB; SQLite with TEST_DB=sqlite),
 * migrated and seeded by the backend's own CLI, the built API and the built site server, each in its own process.
 * Ports default to the project's own (site 8080, API 3000); TEST_SITE_PORT and TEST_API_PORT move them.
 */
// Tests (compiled to CommonJS) and the benchmark (native ES module) both run from frontend/.
const ROOT = resolve(process.cwd(), '..');
const MYSQL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const API_PORT = Number(process.env.TEST_API_PORT ?? 3000);
export const SITE_PORT = Number(process.env.TEST_SITE_PORT ?? 8080);
/**
 * The tests' sites ask the API for the data version every 50 ms (production: 500): a test that changes data through
 * the API and then asks for the page as a visitor sees the change, as a visitor would within half a second.
 */
const TEST_SITE_ENV = { PAGE_CACHE_CHECK_MS: '50' };

/**
 * @typedef {object} Replica one server process of the stack
 * @property {number} port
 * @property {string} url
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output what it wrote to stderr so far
 */

/**
 * @typedef {object} Stack
 * @property {string} site
 * @property {string} siteUrl the first site process
 * @property {string} apiUrl the first API process
 * @property {Replica[]} apis every API process, one database between them
 * @property {Replica[]} sites every site process (the nth calls the nth API process, wrapping round)
 * @property {string} storage the STORAGE_DIR every API process shares
 * @property {Record<string, string>} apiEnv the settings the API processes run with (database, SMTP, ...): for a test's own process of the built API
 * @property {<T = any>(path: string) => Promise<{ body: T, total: number | null }>} api GET from the API, parsed, with X-Total-Count
 * @property {(path: string, init?: RequestInit) => Promise<Response>} page GET a page of the site, redirects not followed
 * @property {(query: string, params?: unknown[]) => Promise<any>} sql runs SQL on the stack's database (test set-up only)
 * @property {{ api: string[], site: string[] }} logs what the API and the site processes wrote on stdout (their JSON logs), in chunks (only with options.captureLogs)
 * @property {number} apiPid the API's process (the benchmark reads its memory)
 * @property {(env?: Record<string, string>) => Promise<SiteProcess>} startSite another built site server against this stack's API, on a free port
 * @property {() => Promise<void>} stop
 */

/**
 * @typedef {object} SiteProcess
 * @property {string} url
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => Promise<void>} stop SIGTERM, then waits for the exit
 */

/**
 * @typedef {object} StackOptions
 * @property {number} [posts] seed size (the benchmark's)
 * @property {number} [apiPort] the first API process's port (default TEST_API_PORT)
 * @property {number} [sitePort] the first site process's port (default TEST_SITE_PORT)
 * @property {number} [apiReplicas] API processes on the one database (default 1); the extra ones, and all of them
 *   when there are several, listen on free ports
 * @property {number} [siteReplicas] site processes (default 1), on free ports as apiReplicas
 * @property {string} [apiOrigin] API_ORIGIN when the API is reached through a proxy (nginx); default the first API process
 * @property {string} [siteOrigin] SITE_ORIGIN likewise
 * @property {string} [smtpUrl] the SMTP server the API delivers to
 * @property {Record<string, string>} [apiEnv] extra settings for the API
 * @property {boolean} [captureLogs] keep what the servers write on stdout (their JSON logs) in `logs`
 */

/**
 * @param {'church' | 'cliste' | 'multi'} site
 * @param {Record<string, string>} [siteEnv] extra settings for the site server (STAGE, ...)
 * @param {StackOptions} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack(site, siteEnv = {}, options = {}) {
  const apiCount = options.apiReplicas ?? 1;
  const siteCount = options.siteReplicas ?? 1;
  const apiPorts = apiCount > 1 ? await freePorts(apiCount) : [options.apiPort ?? API_PORT];
  const sitePorts = siteCount > 1 ? await freePorts(siteCount) : [options.sitePort ?? SITE_PORT];
  for (const built of ['backend/dist/main.js', 'backend/dist-tools/tools/cli.js', 'frontend/dist/server/entry.mjs', 'frontend/dist/server-node/server/index.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run 'make build' (make test does) before these tests`);
  }
  const storage = mkdtempSync(join(tmpdir(), `directory-fe-${site}-`));
  const db = await createDatabase(site, storage);
  const apiUrl = options.apiOrigin ?? `http://localhost:${apiPorts[0]}`;
  const siteUrl = options.siteOrigin ?? `http://localhost:${sitePorts[0]}`;
  const backendEnv = {
    ...db.env,
    SITE: site,
    NODE_ENV: 'test',
    API_PORT: String(apiPorts[0]),
    API_ORIGIN: apiUrl,
    SITE_ORIGIN: siteUrl,
    JWT_SECRET: 'frontend-tests-secret-frontend-tests-secret',
    STORAGE_DIR: storage,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.apiEnv,
  };
  // Migrated once by the API's CLI (as the production image does) and seeded by the tools' CLI, whatever the number of API processes.
  const cli = join(ROOT, 'backend/dist/database/cli.js');
  execFileSync(process.execPath, [cli, 'migrate'], { env: { ...process.env, ...backendEnv }, cwd: join(ROOT, 'backend'), stdio: 'pipe' });
  const seedArgs = options.posts ? ['--posts', String(options.posts)] : [];
  execFileSync(process.execPath, [join(ROOT, 'backend/dist-tools/tools/cli.js'), 'seed', '--site', site, ...seedArgs], { env: { ...process.env, ...backendEnv }, cwd: join(ROOT, 'backend'), stdio: 'pipe' });

  /** @type {Replica[]} */
  const apis = [];
  /** @type {Replica[]} */
  const sites = [];
  /** @type {Replica[]} started later by startSite */
  const extraSites = [];
  /** @type {{ api: string[], site: string[] }} */
  const logs = { api: [], site: [] };
  const stop = async () => {
    const children = [...extraSites, ...sites, ...apis].map((r) => r.child);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill();
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await db.drop();
    rmSync(storage, { recursive: true, force: true });
  };
  try {
    // Started together: each replica starts on its own, as it would in production.
    await startAll(
      apis,
      apiPorts.map((port) => {
        const url = `http://localhost:${port}`;
        return serve(join(ROOT, 'backend/dist/main.js'), { ...backendEnv, API_PORT: String(port) }, join(ROOT, 'backend'), `${url}/api/counties/`, port, options.captureLogs ? logs.api : undefined);
      }),
    );
    await startAll(
      sites,
      sitePorts.map((port, i) => {
        const url = `http://localhost:${port}`;
        const env = { SITE: site, PORT: String(port), API_ORIGIN: apiUrl, API_INTERNAL_ORIGIN: apis[i % apis.length].url, SITE_ORIGIN: siteUrl, ...TEST_SITE_ENV, ...siteEnv };
        return serve(join(ROOT, 'frontend/dist/server-node/server/index.js'), env, join(ROOT, 'frontend'), `${url}/counties`, port, options.captureLogs ? logs.site : undefined);
      }),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    site,
    siteUrl: sites[0].url,
    apiUrl: apis[0].url,
    apis,
    sites,
    storage,
    apiEnv: backendEnv,
    apiPid: /** @type {number} */ (apis[0].child.pid),
    async api(path) {
      const res = await fetch(`${apis[0].url}${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      const total = res.headers.get('X-Total-Count');
      return { body: await res.json(), total: total === null ? null : Number(total) };
    },
    page: (path, init) => fetch(`${sites[0].url}${path}`, { redirect: 'manual', ...init }),
    sql: (query, params = []) => runSql(db.env, query, params),
    logs,
    async startSite(env = {}) {
      const [port] = await freePorts(1);
      const url = `http://localhost:${port}`;
      const replica = await serve(join(ROOT, 'frontend/dist/server-node/server/index.js'), { SITE: site, PORT: String(port), API_ORIGIN: apiUrl, SITE_ORIGIN: url, ...TEST_SITE_ENV, ...siteEnv, ...env }, join(ROOT, 'frontend'), `${url}/counties`, port);
      extraSites.push(replica);
      const stopSite = async () => {
        const child = replica.child;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill();
          await exited;
        }
      };
      return { url, child: replica.child, stop: stopSite };
    },
    stop,
  };
}

/** Waits for every start; the ones that came up join `into` (so stop ends them), then the first failure is thrown. */
async function startAll(into, starting) {
  const results = await Promise.allSettled(starting);
  for (const r of results) if (r.status === 'fulfilled') into.push(r.value);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Ports free on loopback right now (each listened on once and let go), for the processes a test starts. */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolveServer, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolveServer(server));
    })),
  );
  const ports = servers.map((s) => /** @type {import('node:net').AddressInfo} */ (s.address()).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** Runs one statement on the stack's MariaDB or SQLite database; returns the rows of a SELECT. */
async function runSql(env, query, params) {
  if (env.DATABASE_URL) {
    const conn = await createConnection({ uri: env.DATABASE_URL });
    try {
      const [rows] = await conn.query(query, params);
      return rows;
    } finally {
      await conn.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(env.SQLITE_PATH);
  try {
    const statement = db.prepare(query);
    return statement.reader ? statement.all(...params) : statement.run(...params);
  } finally {
    db.close();
  }
}

/** @returns {Promise<{ env: Record<string, string>, drop: () => Promise<void> }>} */
async function createDatabase(site, dir) {
  if (process.env.TEST_DB === 'sqlite') return { env: { SQLITE_PATH: join(dir, 'test.sqlite') }, drop: async () => undefined };
  const name = `directory_fe_${site}_${process.pid}_${Date.now().toString(36)}`;
  const conn = await createConnection({ uri: MYSQL, connectTimeout: 5000 }).catch((err) => {
    throw new Error(`These tests need MariaDB at ${MYSQL} (${err.message}); 'make test' starts it, or set TEST_DB=sqlite.`);
  });
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  return {
    env: { DATABASE_URL: `${MYSQL}/${name}` },
    drop: async () => {
      const c = await createConnection({ uri: MYSQL });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/**
 * Starts a server script and resolves once readyUrl answers; its stdout (the JSON log) is kept in `stdout` when given.
 * @returns {Promise<Replica>}
 */
function serve(script, env, cwd, readyUrl, port, stdout) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, cwd, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
  if (stdout) child.stdout.on('data', (d) => stdout.push(String(d)));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const replica = { port, url: new URL(readyUrl).origin, child, output: () => stderr };
  return new Promise((resolvePromise, reject) => {
    const deadline = Date.now() + 30_000;
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${stderr}`)));
    const poll = async () => {
      try {
        // Any answer but a server error means it is up (a stage site answers with a redirect).
        if ((await fetch(readyUrl, { redirect: 'manual' })).status < 500) return resolvePromise(replica);
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill();
        return reject(new Error(`${script} did not answer ${readyUrl} in 30 s: ${stderr}`));
      }
      setTimeout(poll, 150);
    };
    poll();
  });
}
