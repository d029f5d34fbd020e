import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
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
 * @typedef {object} Stack
 * @property {string} site
 * @property {string} siteUrl
 * @property {string} apiUrl
 * @property {<T = any>(path: string) => Promise<{ body: T, total: number | null }>} api GET from the API, parsed, with X-Total-Count
 * @property {(path: string, init?: RequestInit) => Promise<Response>} page GET a page of the site, redirects not followed
 * @property {(query: string, params?: unknown[]) => Promise<any>} sql runs SQL on the stack's database (test set-up only)
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
 * @param {'church' | 'cliste' | 'multi'} site
 * @param {Record<string, string>} [siteEnv] extra settings for the site server (STAGE, ...)
 * @param {{ posts?: number, apiPort?: number, sitePort?: number, smtpUrl?: string, apiEnv?: Record<string, string> }} [options] seed size and ports (the benchmark's), SMTP server and extra settings for the API
 * @returns {Promise<Stack>}
 */
export async function startStack(site, siteEnv = {}, options = {}) {
  const apiPort = options.apiPort ?? API_PORT;
  const sitePort = options.sitePort ?? SITE_PORT;
  for (const built of ['backend/dist/main.js', 'frontend/dist/server/entry.mjs', 'frontend/dist/server-node/server/index.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run 'make build' (make test does) before these tests`);
  }
  const storage = mkdtempSync(join(tmpdir(), `directory-fe-${site}-`));
  const db = await createDatabase(site, storage);
  const apiUrl = `http://localhost:${apiPort}`;
  const siteUrl = `http://localhost:${sitePort}`;
  const backendEnv = {
    ...db.env,
    SITE: site,
    NODE_ENV: 'test',
    API_PORT: String(apiPort),
    API_ORIGIN: apiUrl,
    SITE_ORIGIN: siteUrl,
    JWT_SECRET: 'frontend-tests-secret-frontend-tests-secret',
    STORAGE_DIR: storage,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.apiEnv,
  };
  const cli = join(ROOT, 'backend/dist/database/cli.js');
  execFileSync(process.execPath, [cli, 'migrate'], { env: { ...process.env, ...backendEnv }, cwd: join(ROOT, 'backend'), stdio: 'pipe' });
  const seedArgs = options.posts ? ['--posts', String(options.posts)] : [];
  execFileSync(process.execPath, [cli, 'seed', '--site', site, ...seedArgs], { env: { ...process.env, ...backendEnv }, cwd: join(ROOT, 'backend'), stdio: 'pipe' });

  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  const stop = async () => {
    for (const c of children) c.kill();
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await db.drop();
    rmSync(storage, { recursive: true, force: true });
  };
  try {
    children.push(await serve(join(ROOT, 'backend/dist/main.js'), backendEnv, join(ROOT, 'backend'), `${apiUrl}/api/counties/`));
    children.push(
      await serve(join(ROOT, 'frontend/dist/server-node/server/index.js'), { SITE: site, PORT: String(sitePort), API_ORIGIN: apiUrl, SITE_ORIGIN: siteUrl, ...siteEnv }, join(ROOT, 'frontend'), `${siteUrl}/counties`),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    site,
    siteUrl,
    apiUrl,
    apiPid: /** @type {number} */ (children[0].pid),
    async api(path) {
      const res = await fetch(`${apiUrl}${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      const total = res.headers.get('X-Total-Count');
      return { body: await res.json(), total: total === null ? null : Number(total) };
    },
    page: (path, init) => fetch(`${siteUrl}${path}`, { redirect: 'manual', ...init }),
    sql: (query, params = []) => runSql(db.env, query, params),
    async startSite(env = {}) {
      const port = await freePort();
      const url = `http://localhost:${port}`;
      const child = await serve(join(ROOT, 'frontend/dist/server-node/server/index.js'), { SITE: site, PORT: String(port), API_ORIGIN: apiUrl, SITE_ORIGIN: url, ...siteEnv, ...env }, join(ROOT, 'frontend'), `${url}/counties`);
      children.push(child);
      const stopSite = async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill();
          await exited;
        }
      };
      return { url, child, stop: stopSite };
    },
    stop,
  };
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

/** A port nobody listens on now (the kernel's pick), for servers a test starts besides the stack's. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts a server script and resolves once readyUrl answers. */
function serve(script, env, cwd, readyUrl) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolvePromise, reject) => {
    const deadline = Date.now() + 30_000;
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${stderr}`)));
    const poll = async () => {
      try {
        // Any answer but a server error means it is up (a stage site answers with a redirect).
        if ((await fetch(readyUrl, { redirect: 'manual' })).status < 500) return resolvePromise(child);
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
