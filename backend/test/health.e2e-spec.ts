import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MailOutboxEntity } from '../src/infra/mail/mail-outbox.entity';
import { MAX_ATTEMPTS } from '../src/infra/mail/mail.service';
import { MIGRATIONS } from '../src/database/data-source';
import { HealthService } from '../src/modules/health/health.service';
import { resetDatabase, startApp, TestApp } from './support/app';
import { createTestDatabase, dropTestDatabase, migrate, MYSQL_SERVER, useSqlite } from './support/test-database';
import type { DatabaseConfig } from '../src/config/configuration';

const LAST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1].name;
/** An app on a database of its own (the run's shared one is never reverted or cut off). */
const dbEnv = (db: DatabaseConfig): Record<string, string> => (db.type === 'mysql' ? { DATABASE_URL: db.url } : { SQLITE_PATH: db.path });

/** Loopback TCP relay to the MariaDB server: passes bytes through, or holds every connection without a byte sent on. */
class TcpRelay {
  mode: 'pass' | 'hold' = 'pass';
  port = 0;
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.track(client);
      if (this.mode === 'hold') return;
      const upstream = this.track(connect(Number(this.target.port || 3306), this.target.hostname));
      client.pipe(upstream).pipe(client);
      const end = () => (client.destroy(), upstream.destroy());
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    // The same port again after a stop: the API's pool reconnects to where it was pointed.
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Drops every open connection (the pool's idle ones too). */
  dropAll(): void {
    for (const s of this.sockets) s.destroy();
  }

  async stop(): Promise<void> {
    if (!this.server?.listening) return;
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.dropAll();
    await closed;
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  }
}

/** GET /healthz and GET /readyz, at the root as load balancers and docker compose ask them of each replica. */
describe('health', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church');
  });
  beforeEach(() => resetDatabase(t.ds));
  afterAll(() => t.close());

  it('answers GET /healthz with 200 {"status":"ok"}, never cached', async () => {
    const res = await t.http().get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers GET /readyz with 200: the database answers, every migration is applied, and the dead letters are counted', async () => {
    expect((await t.http().get('/readyz').expect(200)).body).toEqual({ status: 'ok', database: 'up', migrations: 'applied', mail_dead_letters: 0 });
    const row = (recipient: string, extra: Partial<MailOutboxEntity>) =>
      t.ds.getRepository(MailOutboxEntity).create({ recipient, subject: 'Hello', textBody: 'Hello', nextAttemptAt: new Date(), ...extra });
    // Given up (every try used), still retrying, and delivered after its last try: only the first counts.
    await t.ds.getRepository(MailOutboxEntity).save([
      row('gave-up@example.ie', { attempts: MAX_ATTEMPTS, lastError: 'refused' }),
      row('retrying@example.ie', { attempts: MAX_ATTEMPTS - 1 }),
      row('sent@example.ie', { attempts: MAX_ATTEMPTS, sentAt: new Date() }),
    ]);
    const res = await t.http().get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', migrations: 'applied', mail_dead_letters: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the database when it cannot be reached, while /healthz stays 200', async () => {
    const other = await startApp('church');
    await other.ds.destroy();
    try {
      const res = await other.http().get('/readyz').expect(503);
      expect(res.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'database_unreachable',
        message: 'The database cannot be reached.',
        check: 'database',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      await other.http().get('/healthz').expect(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 shutting_down once the process begins to stop, and Nest flips it on close', async () => {
    const other = await startApp('church');
    const health = other.app.get(HealthService);
    try {
      health.beginShutdown();
      const res = await other.http().get('/readyz').expect(503);
      expect(res.body).toMatchObject({ code: 'shutting_down', message: 'The service is shutting down.', check: 'shutdown' });
      await other.http().get('/healthz').expect(200);
    } finally {
      await other.close();
    }
    const fresh = await startApp('church');
    const freshHealth = fresh.app.get(HealthService);
    expect((await freshHealth.readiness()).ready).toBe(true);
    await fresh.close();
    expect((await freshHealth.readiness()).body).toMatchObject({ check: 'shutdown' });
  });

  describe('on a database of its own', () => {
    let db: DatabaseConfig;
    let own: TestApp;

    beforeAll(async () => {
      db = await createTestDatabase('health');
      await migrate(db);
      own = await startApp('church', dbEnv(db));
    });
    afterAll(async () => {
      await own?.close();
      await dropTestDatabase(db);
    });

    it('answers 503 naming the migrations while one is pending, and 200 once it is applied again', async () => {
      await own.http().get('/readyz').expect(200);
      await own.ds.undoLastMigration({ transaction: 'each' });
      const res = await own.http().get('/readyz').expect(503);
      expect(res.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'migrations_pending',
        message: `Database migrations are pending: ${LAST_MIGRATION}.`,
        check: 'migrations',
      });
      await own.ds.runMigrations({ transaction: 'each' });
      await own.http().get('/readyz').expect(200);
    });
  });

  // A real cut between the API and MariaDB: a TCP relay the test stops (connections dropped, new ones refused) or
  // holds (connections accepted, nothing answered). SQLite is a file in the process: nothing to cut.
  if (!useSqlite()) describe('behind a network path to MariaDB that fails (MariaDB only)', () => {
    const relay = new TcpRelay(new URL(MYSQL_SERVER));
    let db: DatabaseConfig;
    let cut: TestApp;

    beforeAll(async () => {
      db = await createTestDatabase('health_relay');
      await migrate(db);
      await relay.start();
      const url = new URL((db as { url: string }).url);
      url.host = `127.0.0.1:${relay.port}`;
      cut = await startApp('church', { DATABASE_URL: url.toString() });
    });
    afterAll(async () => {
      relay.mode = 'pass';
      await relay.stop();
      await cut?.close().catch(() => undefined);
      await dropTestDatabase(db);
    });

    it('answers 503 database while the server is unreachable, and 200 again once it is back', async () => {
      await cut.http().get('/readyz').expect(200);
      await relay.stop();
      expect((await cut.http().get('/readyz').expect(503)).body).toMatchObject({ code: 'database_unreachable', check: 'database' });
      await relay.start();
      await cut.http().get('/readyz').expect(200);
    });

    it('answers 503 database, rather than waiting, when the server accepts connections but never answers', async () => {
      relay.mode = 'hold';
      relay.dropAll();
      const res = await cut.http().get('/readyz').timeout(10_000).expect(503);
      expect(res.body).toMatchObject({ code: 'database_unreachable', check: 'database' });
    });
  });
});
