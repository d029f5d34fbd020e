import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePorts } from './stack.js';

/**
 * The project's production nginx configuration (nginx/templates/), run for real by the tests: rendered as nginx's
 * Docker image renders it, into a temporary directory with a minimal nginx.conf, and started as a child process
 * (not a daemon) on a free loopback port in front of the test's API and site processes.
 */
const ROOT = resolve(process.cwd(), '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
/** Whether this machine's nginx can compress with brotli (Debian's libnginx-mod-http-brotli-filter). */
export const BROTLI = existsSync(BROTLI_MODULE);

/**
 * What the image's entrypoint (20-envsubst-on-templates.sh) does: `envsubst` with the names of the variables it was
 * given, so $NAME and ${NAME} of those names are replaced and every other $word (nginx's own variables) is left.
 * @param {string} text
 * @param {Record<string, string>} vars
 */
export function envsubst(text, vars) {
  return text.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (whole, braced, bare) => {
    const name = braced ?? bare;
    return Object.hasOwn(vars, name) ? vars[name] : whole;
  });
}

/** An upstream list for API_UPSTREAMS / SITE_UPSTREAMS: one server line per replica, with the templates' passive health. */
export const upstreams = (ports) => ports.map((p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join(' ');

/**
 * @typedef {object} Nginx
 * @property {number} port
 * @property {string} dir its prefix: configuration, logs, temporary files and the microcache
 * @property {Record<string, string>} vars what the templates were rendered with
 * @property {() => string} errors its error log so far
 * @property {() => Promise<void>} stop
 */

/**
 * @param {{ port?: number, apiHost: string, siteHost: string, apiPorts: number[], sitePorts: number[], storageDir: string, realIpFrom: string }} options
 *   realIpFrom: the TLS terminator's address (REAL_IP_FROM)
 * @returns {Promise<Nginx>}
 */
export async function startNginx(options) {
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: run 'bash scripts/ensure-nginx.sh' (make test does)`);
  const port = options.port ?? (await freePorts(1))[0];
  const dir = mkdtempSync(join(tmpdir(), 'directory-nginx-'));
  for (const d of ['conf.d', 'logs', 'cache', 'tmp']) mkdirSync(join(dir, d));
  const vars = {
    NGINX_LISTEN: `127.0.0.1:${port}`,
    API_HOST: options.apiHost,
    SITE_HOST: options.siteHost,
    API_UPSTREAMS: upstreams(options.apiPorts),
    SITE_UPSTREAMS: upstreams(options.sitePorts),
    STORAGE_ROOT: options.storageDir,
    NGINX_CACHE_DIR: join(dir, 'cache'),
    REAL_IP_FROM: options.realIpFrom,
  };
  const templates = join(ROOT, 'nginx/templates');
  for (const file of readdirSync(templates).filter((f) => f.endsWith('.template'))) {
    writeFileSync(join(dir, 'conf.d', file.replace(/\.template$/, '')), envsubst(readFileSync(join(templates, file), 'utf8'), vars));
  }
  const tmp = join(dir, 'tmp');
  const conf = [
    BROTLI ? `load_module ${BROTLI_MODULE};` : '',
    'daemon off;',
    // As root (CI containers) the workers would run as nobody, who cannot read the test's storage directory.
    process.getuid?.() === 0 ? 'user root root;' : '',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'logs/error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(tmp, t)};`),
    BROTLI ? `  include ${join(ROOT, 'nginx/brotli.conf')};` : '',
    `  include ${join(dir, 'conf.d')}/*.conf;`,
    '}',
    '',
  ].join('\n');
  const confPath = join(dir, 'nginx.conf');
  writeFileSync(confPath, conf);

  const child = spawn(NGINX, ['-p', dir, '-e', join(dir, 'logs/error.log'), '-c', confPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const errors = () => stderr + (existsSync(join(dir, 'logs/error.log')) ? readFileSync(join(dir, 'logs/error.log'), 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(port, child, errors);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, dir, vars, errors, stop };
}

/** Resolves once the port takes connections; rejects when nginx exits first (a bad configuration) or after 10 s. */
function listening(port, child, errors) {
  return new Promise((resolvePromise, reject) => {
    const deadline = Date.now() + 10_000;
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${errors()}`)));
    const poll = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolvePromise();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port} in 10 s: ${errors()}`));
        else setTimeout(poll, 50);
      });
    };
    poll();
  });
}

/**
 * @typedef {object} Terminator
 * @property {number} port where visitors connect
 * @property {() => Promise<void>} stop
 */

/**
 * A stand-in for the TLS terminator that the deployment puts in front of nginx (a load balancer, Caddy, a CDN), doing
 * to each request what such a terminator does on its way to nginx: it connects to nginx from its own address (`from`),
 * appends the address the visitor connected from to any X-Forwarded-For they sent, and says X-Forwarded-Proto: https.
 * The TLS itself is left out (visitors reach it over plain HTTP): nginx never sees it.
 * @param {{ nginxPort: number, from: string }} options
 * @returns {Promise<Terminator>}
 */
export async function startTerminator({ nginxPort, from }) {
  const server = createServer((req, res) => {
    const visitor = req.socket.remoteAddress;
    const forwarded = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${visitor}` : visitor;
    const upstream = request(
      { host: '127.0.0.1', port: nginxPort, localAddress: from, method: req.method, path: req.url, agent: false, headers: { ...req.headers, 'x-forwarded-for': forwarded, 'x-forwarded-proto': 'https' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const [port] = await freePorts(1);
  await new Promise((resolveListen) => server.listen(port, '127.0.0.1', () => resolveListen(undefined)));
  return { port, stop: () => new Promise((resolveClose) => server.close(() => resolveClose(undefined))) };
}
