import { ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Connection, createConnection } from 'mysql2/promise';

const MARIADBD = '/usr/sbin/mariadbd';
/** Small and unsafe on a crash: these servers live for one test file. */
const SERVER_ARGS = ['--innodb-log-file-size=8M', '--innodb-buffer-pool-size=16M', '--innodb-flush-log-at-trx-commit=0', '--skip-name-resolve'];

/**
 * A private MariaDB primary with its binary log on and a real replica of it (GTID replication), each a `mariadbd` of
 * its own on a free loopback port with a temporary data directory: the shared test server runs without a binary log.
 * Both use root without a password, on 127.0.0.1 only.
 */
export class ReplicatedMariaDb {
  primary!: Connection;
  replica!: Connection;
  private readonly dir = mkdtempSync(join(tmpdir(), 'directory-replicas-'));
  private readonly servers: { name: string; process: ChildProcess; log: string }[] = [];
  private ports = { primary: 0, replica: 0 };

  /** mysql:// URL of a database on the primary or on the replica. */
  url(server: 'primary' | 'replica', database: string): string {
    return `mysql://root@127.0.0.1:${this.ports[server]}/${database}`;
  }

  async start(): Promise<this> {
    const primaryDir = join(this.dir, 'primary');
    const user = userInfo().uid === 0 ? ['--user=root'] : [];
    await promisify(execFile)('mariadb-install-db', ['--no-defaults', `--datadir=${primaryDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...user, ...SERVER_ARGS], { timeout: 30_000 }).catch((err) => {
      throw new Error(`mariadb-install-db failed (is the mariadb-server package installed?): ${err.message}`);
    });
    // One installation copied: the replica starts from the primary's very first state (and before its binary log).
    cpSync(primaryDir, join(this.dir, 'replica'), { recursive: true });
    this.ports = { primary: await freePort(), replica: await freePort() };
    const [primary, replica] = await Promise.all([
      this.serve('primary', ['--server-id=1', `--log-bin=${join(primaryDir, 'binlog')}`, '--binlog-format=ROW']),
      this.serve('replica', ['--server-id=2', '--skip-log-bin', '--read-only']),
    ]);
    this.primary = primary;
    this.replica = replica;
    await this.replica.query(
      `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${this.ports.primary}, MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
    );
    await this.replica.query('START SLAVE');
    await this.waitUntil('the replica to start replicating', async () => {
      const s = await this.status();
      return s.Slave_IO_Running === 'Yes' && s.Slave_SQL_Running === 'Yes';
    });
    return this;
  }

  /** Waits until the replica has applied everything the primary has written. */
  async caughtUp(): Promise<void> {
    const [[{ pos }]] = await this.primary.query<any[]>('SELECT @@gtid_binlog_pos AS pos');
    // At or past that position (the API may write more meanwhile: its jobs run on timers); a broken replica fails at once.
    await this.waitUntil(`the replica to reach the primary's position ${pos}`, async () => {
      await this.status();
      const [[{ reached }]] = await this.replica.query<any[]>('SELECT MASTER_GTID_WAIT(?, 0.5) AS reached', [pos]);
      return Number(reached) === 0;
    });
  }

  /** Lag on demand: the replica keeps receiving the primary's changes but applies none until resumed. */
  async pause(): Promise<void> {
    await this.replica.query('STOP SLAVE SQL_THREAD');
  }

  async resume(): Promise<void> {
    await this.replica.query('START SLAVE SQL_THREAD');
    await this.caughtUp();
  }

  /** Stops both servers (a clean shutdown, killed after 10 s) and removes their files. */
  async stop(): Promise<void> {
    await Promise.allSettled([this.primary?.end(), this.replica?.end()]);
    await Promise.all(
      this.servers.map(
        ({ process: p }) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null || p.signalCode !== null) return resolve();
            const kill = setTimeout(() => p.kill('SIGKILL'), 10_000);
            p.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            p.kill('SIGTERM');
          }),
      ),
    );
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async status(): Promise<Record<string, string>> {
    const [[status]] = await this.replica.query<any[]>('SHOW SLAVE STATUS');
    if (status?.Last_IO_Error || status?.Last_SQL_Error) throw new Error(`Replication broke: ${status.Last_IO_Error || status.Last_SQL_Error}`);
    return status ?? {};
  }

  private async serve(name: 'primary' | 'replica', args: string[]): Promise<Connection> {
    const dataDir = join(this.dir, name);
    const log = join(this.dir, `${name}.err`);
    const out = openSync(log, 'a');
    const process = spawn(
      MARIADBD,
      [
        '--no-defaults',
        ...(userInfo().uid === 0 ? ['--user=root'] : []),
        `--datadir=${dataDir}`,
        `--socket=${join(this.dir, `${name}.sock`)}`,
        `--pid-file=${join(this.dir, `${name}.pid`)}`,
        '--bind-address=127.0.0.1',
        `--port=${this.ports[name]}`,
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
        ...SERVER_ARGS,
        ...args,
      ],
      { stdio: ['ignore', out, out] },
    );
    this.servers.push({ name, process, log });
    let connection: Connection | null = null;
    await this.waitUntil(`the ${name} mariadbd to accept connections on port ${this.ports[name]}`, async () => {
      if (process.exitCode !== null) throw new Error(`The ${name} mariadbd exited (${process.exitCode}):\n${readFileSync(log, 'utf8').slice(-2000)}`);
      connection = await createConnection({ uri: `mysql://root@127.0.0.1:${this.ports[name]}`, connectTimeout: 1000 }).catch(() => null);
      return connection !== null;
    });
    return connection!;
  }

  /** Polls every 100 ms; fails after 20 s naming what it waited for. */
  private async waitUntil(what: string, ready: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`Gave up after ${timeoutMs / 1000} s waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A port nothing listens on now (the kernel's pick), for a server started next. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
