import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { loadSiteConfig, type SiteConfig } from './config.js';
import { createSiteLogger } from './request-log.js';

// `node dist/server-node/server/index.js` (npm start) serves the production build; `--dev` (npm run dev) serves the
// pages from source with Vite. React and Vike need NODE_ENV=production to render fast; whether this is the live site
// is SITE_ENV's business. Tests run the production build under NODE_ENV=test: one process unless SITE_WORKERS says.
const dev = process.argv.includes('--dev');
const test = process.env.NODE_ENV === 'test';
if (!dev) process.env.NODE_ENV = 'production';

/** A stopping process finishes the requests in flight for this long, then closes what is left and exits. */
const GRACE_MS = 8_000;
/** The primary exits by then whatever its workers do (docker stop's default wait is 10 s). */
const PRIMARY_GRACE_MS = 9_500;
const STOP = 'site:stop';
/**
 * How long an idle keep-alive connection is kept (Node's default is 5 s). Longer than nginx keeps its idle upstream
 * connections (60 s), as Fastify's default for the API (72 s): the proxy, not this server, ends an idle one. Closed
 * here first, nginx could send a request down it as the close crosses, and a POST that meets that reset is not retried
 * (a 502 for the visitor).
 */
const KEEP_ALIVE_MS = 72_000;

let config: SiteConfig;
try {
  config = loadSiteConfig(process.env, { dev, test, cores: availableParallelism() });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// Several processes share the port (the primary hands out connections in turn); Vite's development server is one.
const workers = dev ? 1 : config.workers;
if (workers > 1 && cluster.isPrimary) runPrimary(workers);
else await runServer();

/** Serves the site in this process until SIGTERM/SIGINT (alone) or the primary's stop message (a worker). */
async function runServer(): Promise<void> {
  try {
    const { createSiteServer } = await import('./app.js');
    const { app, log, beginShutdown, close } = await createSiteServer(config, { dev });
    const server = app.listen(config.port, () => {
      if (!cluster.isWorker) log.info(`Site (${config.site.site}) on ${config.site.siteOrigin}, API at ${config.site.apiOrigin}`);
    });
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      // GET /readyz answers 503 from now on (a load balancer that still holds an open connection is told).
      beginShutdown();
      stopGracefully(server, async () => {
        await close();
        process.exit(0);
      });
    };
    if (cluster.isWorker) {
      process.on('message', (message) => message === STOP && stop());
      // Ctrl-C reaches the whole process group: the primary decides, the workers wait for its message.
      process.on('SIGINT', () => undefined);
      process.on('SIGTERM', stop);
    } else {
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

/**
 * Stops accepting connections, lets the requests in flight finish (each answer then closes its connection) and
 * closes idle keep-alive connections as they become idle; after GRACE_MS whatever is left is closed. Then done().
 */
export function stopGracefully(server: Server, done: () => void): void {
  // Answers still to be written tell the client this connection ends with them.
  server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => {
    console.error(`Site process ${process.pid}: requests still open after ${GRACE_MS / 1000} s are closed`);
    server.closeAllConnections();
  }, GRACE_MS);
  server.close(() => {
    clearInterval(sweep);
    clearTimeout(force);
    done();
  });
  server.closeIdleConnections();
}

/** Starts `count` worker processes, starts a new one when one dies, and stops them all on SIGTERM/SIGINT. */
function runPrimary(count: number): void {
  const log = createSiteLogger(config.logLevel);
  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const startedAt = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    // A worker that dies at once again and again (a broken build, the port taken) is restarted ever more slowly.
    quickDeaths = Date.now() - startedAt < 5_000 ? quickDeaths + 1 : 0;
    const delay = Math.min(quickDeaths * 500, 10_000);
    log.error(`Site worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another${delay ? ` in ${delay} ms` : ''}`);
    setTimeout(() => stopping || fork(), delay);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (started.size === 0) process.exit(0);
    for (const worker of started.keys()) worker.send(STOP);
    setTimeout(() => {
      log.error(`Site workers still running after ${PRIMARY_GRACE_MS / 1000} s are ended`);
      for (const worker of started.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, PRIMARY_GRACE_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  for (let i = 0; i < count; i++) fork();
  log.info(`Site (${config.site.site}) on ${config.site.siteOrigin}, API at ${config.site.apiOrigin}: ${count} processes`);
}
