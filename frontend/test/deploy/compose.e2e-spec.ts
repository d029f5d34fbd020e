import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { envsubst } from '../support/nginx';

/**
 * docker-compose.yml is the file production runs: Debian's docker-compose 1.29 checks it (`config` needs no Docker
 * engine) with .env.example, so a broken key or variable fails here. scripts/ensure-docker-compose.sh installs it.
 */
const ROOT = join(__dirname, '../../..');
const COMPOSE = join(ROOT, 'docker-compose.yml');
const ENV_EXAMPLE = join(ROOT, '.env.example');
const run = promisify(execFile);

interface Service {
  init?: boolean;
  image?: string;
  command?: string[];
  environment?: Record<string, string | number | null>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

/** `docker-compose config` with only the given env file: nothing from this machine's environment leaks in. */
async function composeConfig(envFile: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('docker-compose', ['-f', COMPOSE, '--env-file', envFile, 'config'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: tmpdir() },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('docker-compose is not installed: run scripts/ensure-docker-compose.sh (make test does)');
    return { code: Number(e.code), stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

let rendered: ReturnType<typeof composeConfig> | undefined;
/** The file as .env.example renders it, asked of docker-compose once. */
const renderedExample = () => (rendered ??= composeConfig(ENV_EXAMPLE));

/** The variables .env.example sets (NAME=value lines), and the file's text. */
const exampleText = readFileSync(ENV_EXAMPLE, 'utf8');
const exampleNames = [...exampleText.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
/** The compose file without its comment lines, and every ${NAME...} it reads. */
const composeText = readFileSync(COMPOSE, 'utf8')
  .split('\n')
  .filter((line) => !/^\s*#/.test(line))
  .join('\n');
const composeNames = [...new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))];
const requiredNames = [...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?([^}]*)\}/g)].map((m) => ({ name: m[1], message: m[2] }));

describe('docker-compose.yml', () => {
  let services: Record<string, Service>;
  let volumes: Record<string, unknown>;

  beforeAll(async () => {
    const { code, stdout, stderr } = await renderedExample();
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    // Nested defaults such as ${A:-${B}} are left as text by docker-compose 1.x (rendered as a literal `$${B}`): no
    // `${` may come out, escaped or not.
    expect(stdout).not.toContain('${');
    ({ services, volumes } = parse(stdout) as { services: Record<string, Service>; volumes: Record<string, unknown> });
  });

  it('renders with .env.example: MySQL 8.4, the API, the site and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['backend', 'frontend', 'mysql', 'nginx']);
    expect(services.mysql.image).toBe('mysql:8.4');
    expect(services.nginx.image).toMatch(/^nginx:/);
  });

  it("lets the API's user create the migrations' triggers on MySQL's binary-logged server", () => {
    // Without it the PostCounts migration fails with error 1419 for a user without SUPER (the compose file's `directory`).
    expect(services.mysql.command).toContain('--log-bin-trust-function-creators=1');
    expect(services.backend.environment?.DATABASE_URL).toMatch(/^mysql:\/\/directory:/);
  });

  it("gives InnoDB's buffer pool the size MYSQL_BUFFER_POOL_SIZE names, and 512M when it is empty", async () => {
    expect(services.mysql.command).toContain(`--innodb-buffer-pool-size=${/^MYSQL_BUFFER_POOL_SIZE=(.+)$/m.exec(exampleText)![1]}`);
    const dir = mkdtempSync(join(tmpdir(), 'compose-env-'));
    try {
      const commandWith = async (value: string) => {
        const file = join(dir, `.env-${value || 'empty'}`);
        writeFileSync(file, exampleText.replace(/^MYSQL_BUFFER_POOL_SIZE=.*$/m, `MYSQL_BUFFER_POOL_SIZE=${value}`));
        const { code, stdout, stderr } = await composeConfig(file);
        expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
        return (parse(stdout) as { services: Record<string, Service> }).services.mysql.command;
      };
      expect(await commandWith('2G')).toContain('--innodb-buffer-pool-size=2G');
      expect(await commandWith('')).toContain('--innodb-buffer-pool-size=512M');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs node under an init, with healthchecks on /readyz, each service started once what it needs is healthy', () => {
    for (const name of ['backend', 'frontend']) {
      expect({ name, init: services[name].init }).toEqual({ name, init: true });
      const [kind, ...command] = services[name].healthcheck!.test;
      expect(kind).toBe('CMD');
      expect(command.slice(0, 2)).toEqual(['node', '-e']);
      expect(command[2]).toContain('/readyz');
      // The probe is JavaScript node can compile.
      expect(() => new Function(command[2])).not.toThrow();
    }
    expect(services.mysql.healthcheck!.test.join(' ')).toContain('mysqladmin ping');
    expect(services.backend.depends_on).toEqual({ mysql: { condition: 'service_healthy' } });
    expect(services.frontend.depends_on).toEqual({ backend: { condition: 'service_healthy' } });
    expect(services.nginx.depends_on).toEqual({ backend: { condition: 'service_healthy' }, frontend: { condition: 'service_healthy' } });
  });

  it('shares the storage volume between the API (read-write) and nginx (read-only), and gives nginx its upstreams', () => {
    expect(Object.keys(volumes).sort()).toEqual(['backups', 'mysql-data', 'storage']);
    expect(services.backend.volumes).toContain(`backups:${services.backend.environment!.BACKUP_DIR}:rw`);
    expect(services.backend.volumes).toContain(`storage:${services.backend.environment!.STORAGE_DIR}:rw`);
    expect(services.nginx.volumes).toContain('storage:/srv/storage:ro');
    expect(services.nginx.environment).toMatchObject({
      API_HOST: 'api.example.ie',
      SITE_HOST: 'www.example.ie',
      API_UPSTREAMS: 'server backend:3000 max_fails=2 fail_timeout=5s;',
      SITE_UPSTREAMS: 'server frontend:8080 max_fails=2 fail_timeout=5s;',
      // nginx/templates serve /storage/ from STORAGE_ROOT: the volume's mount point.
      STORAGE_ROOT: '/srv/storage',
      // The TLS terminator nginx believes, when .env.example leaves it empty: one on this host, through Docker's network.
      REAL_IP_FROM: '172.16.0.0/12',
    });
    expect(services.backend.environment).toMatchObject({ NODE_ENV: 'production', DATABASE_URL: 'mysql://directory:change-me@mysql:3306/directory' });
    expect(services.frontend.environment).toMatchObject({ SITE_ENV: 'production', API_INTERNAL_ORIGIN: 'http://backend:3000' });
  });

  it('refuses to render without a required variable, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compose-env-'));
    try {
      // One variable of each kind of service; the others are named alike (checked below).
      const answers = await Promise.all(
        ['JWT_SECRET', 'SITE_HOST', 'MYSQL_ROOT_PASSWORD'].map(async (name) => {
          const file = join(dir, name);
          writeFileSync(file, exampleText.replace(new RegExp(`^${name}=.*$`, 'm'), ''));
          const { code, stderr } = await composeConfig(file);
          return { name, failed: code !== 0, names: stderr.includes(`: set ${name}`) };
        }),
      );
      expect(answers).toEqual([
        { name: 'JWT_SECRET', failed: true, names: true },
        { name: 'SITE_HOST', failed: true, names: true },
        { name: 'MYSQL_ROOT_PASSWORD', failed: true, names: true },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(requiredNames.length).toBeGreaterThan(5);
    for (const { name, message } of requiredNames) expect({ name, message }).toEqual({ name, message: expect.stringMatching(new RegExp(`^set ${name}\\b`)) });
  });
});

describe('.env.example', () => {
  it('names every variable docker-compose.yml reads, and nothing it does not', () => {
    expect(composeNames.filter((n) => !exampleNames.includes(n))).toEqual([]);
    expect(exampleNames.filter((n) => !composeNames.includes(n))).toEqual([]);
    expect(new Set(exampleNames).size).toBe(exampleNames.length);
  });

  it('holds no secret: every secret is a change-me placeholder or empty', () => {
    for (const name of exampleNames.filter((n) => /PASSWORD|SECRET|SMTP_URL/.test(n))) {
      const value = new RegExp(`^${name}=(.*)$`, 'm').exec(exampleText)![1];
      expect({ name, placeholder: value === '' || value.includes('change-me') }).toEqual({ name, placeholder: true });
    }
  });

  it("covers every setting the API and the site server read: set there, set by the compose file, or marked not for production", async () => {
    const read = (path: string) => {
      const source = readFileSync(join(ROOT, path), 'utf8');
      return [...source.matchAll(/\b\w+\(\s*'([A-Z][A-Z0-9_]+)'/g), ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]);
    };
    const settings = [...new Set([...read('backend/src/config/configuration.ts'), ...read('frontend/server/config.ts')])];
    // The parsers are found: a sample of each file's settings.
    expect(settings).toEqual(expect.arrayContaining(['JWT_SECRET', 'DATABASE_URL', 'STRIPE_PRICE_YEARLY', 'PARENT_CATEGORIES', 'API_INTERNAL_ORIGIN', 'STATS_ENQUIRIES']));
    const notForProduction: string[] = (/^# Not for production: (.*)$/m.exec(exampleText)?.[1] ?? '').match(/\b[A-Z][A-Z0-9_]+\b/g) ?? [];
    const { stdout } = await renderedExample();
    const { services } = parse(stdout) as { services: Record<string, Service> };
    const setByCompose = new Set([...Object.keys(services.backend.environment!), ...Object.keys(services.frontend.environment!)]);
    expect(settings.filter((s) => !exampleNames.includes(s) && !setByCompose.has(s) && !notForProduction.includes(s))).toEqual([]);
    // What compose sets itself is listed as such in .env.example, for whoever reads it.
    const fixed: string[] = (/^# Set by docker-compose.yml itself: (.*)$/m.exec(exampleText)?.[1] ?? '').match(/\b[A-Z][A-Z0-9_]+\b/g) ?? [];
    expect(settings.filter((s) => setByCompose.has(s) && !exampleNames.includes(s)).sort()).toEqual([...fixed].sort());
  });
});

describe("nginx/templates as the compose file's nginx service renders them", () => {
  it('make a configuration nginx accepts (nginx -t), with the service names standing for loopback', async () => {
    const { stdout } = await renderedExample();
    const env = (parse(stdout) as { services: Record<string, Service> }).services.nginx.environment!;
    const dir = mkdtempSync(join(tmpdir(), 'directory-compose-nginx-'));
    try {
      // What the image's entrypoint does with /etc/nginx/templates (see test/support/nginx.js), inside the image's
      // own http block; Docker's DNS would answer backend and frontend, this machine does not know them.
      const vars = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\b(backend|frontend)(?=:)/g, '127.0.0.1')]));
      vars.STORAGE_ROOT = dir;
      vars.NGINX_CACHE_DIR = join(dir, 'cache');
      vars.NGINX_LISTEN = '127.0.0.1:1';
      const templates = join(ROOT, 'nginx/templates');
      const confs = readdirSync(templates).filter((f) => f.endsWith('.template'));
      expect(confs.length).toBeGreaterThan(0);
      // Every ${NAME} the templates use is given by compose: the image leaves unknown ones as text, and nginx fails.
      const used = new Set(confs.flatMap((f) => [...readFileSync(join(templates, f), 'utf8').replace(/^\s*#.*$/gm, '').matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((m) => m[1])));
      expect([...used].filter((name) => !(name in env))).toEqual([]);
      mkdirSync(join(dir, 'conf.d'));
      for (const file of confs) writeFileSync(join(dir, 'conf.d', file.replace(/\.template$/, '')), envsubst(readFileSync(join(templates, file), 'utf8'), vars));
      const conf = join(dir, 'nginx.conf');
      writeFileSync(
        conf,
        [`pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log;`, 'events {}', 'http {', '  include /etc/nginx/mime.types;', `  client_body_temp_path ${dir}/body;`, `  proxy_temp_path ${dir}/proxy;`, `  include ${dir}/conf.d/*.conf;`, '}'].join('\n'),
      );
      const { stderr } = await run('nginx', ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', conf]);
      expect(stderr).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Dockerfiles', () => {
  /** The exec-form (JSON) command of a Dockerfile's CMD, or of its HEALTHCHECK's CMD; continued lines joined. */
  const instruction = (file: string, name: 'CMD' | 'HEALTHCHECK') => {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/\\\n\s*/g, ' ');
    const line = new RegExp(name === 'CMD' ? '^CMD\\s+(\\[.*\\])\\s*$' : '^HEALTHCHECK\\b.*?\\bCMD\\s+(\\[.*\\])\\s*$', 'm').exec(text);
    if (!line) throw new Error(`${file} has no exec-form ${name}`);
    return line[1];
  };

  it('start node so that SIGTERM reaches it: exec after the migrations (API), node itself (site)', () => {
    const api = JSON.parse(instruction('backend/Dockerfile', 'CMD')!);
    expect(api.slice(0, 2)).toEqual(['sh', '-c']);
    expect(api[2]).toMatch(/^node dist\/database\/cli\.js migrate && exec node dist\/main\.js$/);
    expect(JSON.parse(instruction('frontend/Dockerfile', 'CMD')!)).toEqual(['node', 'dist/server-node/server/index.js']);
  });

  it('carry a healthcheck on /readyz written in node (the images have no curl)', () => {
    for (const file of ['backend/Dockerfile', 'frontend/Dockerfile']) {
      const [node, flag, script] = JSON.parse(instruction(file, 'HEALTHCHECK')!);
      expect({ file, node, flag }).toEqual({ file, node: 'node', flag: '-e' });
      expect(script).toContain('/readyz');
      expect(() => new Function(script)).not.toThrow();
    }
  });
});
