import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert } from './support/fixtures';
import { ReplicatedMariaDb } from './support/replicated-mariadb';
import { TestSmtp } from './support/smtp';
import { migrate, useSqlite } from './support/test-database';
const slugs = (body: { slug: string }[]) => body.map((p) => p.slug);

// Replicas are MySQL/MariaDB servers; the test database's server has no binary log, so the test runs a pair of its own.
if (!useSqlite()) {
  describe('read replicas (DATABASE_REPLICA_URLS): a private MariaDB primary and its binlog replica', () => {
    const DB = 'directory_replicas';
    const servers = new ReplicatedMariaDb();
    const smtp = new TestSmtp();
    let t: TestApp;
    let n = 0;
    /** A listing created and published at once by a member who is free for life. */
    const publish = (token: string, title: string) => t.http().post('/api/posts/').set(auth(token)).send({ title, category: 1, tag_slug: 'cork', status: 'publish' }).expect(201);
    const onReplica = async (id: number) => (await servers.replica.query<any[]>(`SELECT id FROM ${DB}.posts WHERE id = ?`, [id]))[0].length;
    const onPrimary = async (id: number) => (await servers.primary.query<any[]>(`SELECT id FROM ${DB}.posts WHERE id = ?`, [id]))[0].length;

    beforeAll(async () => {
      await servers.start();
      await servers.primary.query(`CREATE DATABASE ${DB} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await migrate({ type: 'mysql', url: servers.url('primary', DB) });
      await smtp.start();
      t = await startApp('church', {
        DATABASE_URL: servers.url('primary', DB),
        DATABASE_REPLICA_URLS: servers.url('replica', DB),
        SMTP_URL: smtp.url,
        HIDDEN_SLUG_EXTRACT: HIDDEN,
      });
      await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers')] });
      await servers.caughtUp();
    }, 60_000);
    afterAll(async () => {
      await servers.resume().catch(() => undefined);
      await t?.close();
      await smtp.stop();
      await servers.stop();
    }, 30_000);

    it('serves anonymous public reads from the replica, and the owner’s reads and every write from the primary', async () => {
      const owner = await signIn(t, 'member', `owner${++n}@example.ie`);
      await t.ds.query('UPDATE users SET free_for_life = 1 WHERE id = ?', [owner.user.id]);
      await servers.caughtUp();
      await servers.pause();

      const { body: listing } = await publish(owner.token, 'Aoife Byrne Soprano');
      // The write reached the primary only: the replica has received it but not applied it.
      expect([await onPrimary(listing.id), await onReplica(listing.id)]).toEqual([1, 0]);
      // The control panel reads what was just saved: the owner's list, the listing, the session (all on the primary).
      expect(slugs((await t.http().get('/api/me/posts/').set(auth(owner.token)).expect(200)).body)).toContain(listing.slug);
      await t.http().get(`/api/posts/${listing.id}/`).set(auth(owner.token)).expect(200);
      await t.http().get('/api/me/').set(auth(owner.token)).expect(200);
      // A visitor reads the lagging replica: not there yet.
      expect(slugs((await t.http().get('/api/posts/').expect(200)).body)).not.toContain(listing.slug);
      await t.http().get(`/api/posts/${listing.id}/`).expect(404);

      await servers.resume();
      expect(slugs((await t.http().get('/api/posts/').expect(200)).body)).toContain(listing.slug);
      await t.http().get(`/api/posts/${listing.id}/`).expect(200);
      expect((await t.http().get('/api/categories/').expect(200)).body.map((c: { slug: string }) => c.slug)).toEqual(['female-singers']);
    });

    it('signs up, confirms, logs in and uses the session at once while the replica lags', async () => {
      await servers.pause();
      const email = `lagging${++n}@example.ie`;
      const body = { email, password: 'harp2025x', first_name: 'Aoife', last_name: 'Byrne', username: email, terms: true };
      await t.http().post('/sign-up/').send(body).expect(201);
      const code = /code for .* is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
      const confirmed = await t.http().post('/sign-up/code/').send({ ...body, signUpCode: code }).expect(200);
      expect((await t.http().get('/api/me/').set(auth(confirmed.body.access)).expect(200)).body.email).toBe(email);
      const login = await t.http().post('/login/').send({ email, password: body.password }).expect(200);
      await t.http().get('/api/me/posts/').set(auth(login.body.access)).expect(200);
      expect((await servers.replica.query<any[]>(`SELECT id FROM ${DB}.users WHERE email = ?`, [email]))[0]).toHaveLength(0);
      await servers.resume();
      expect((await servers.replica.query<any[]>(`SELECT id FROM ${DB}.users WHERE email = ?`, [email]))[0]).toHaveLength(1);
    });
  });
}

// Without DATABASE_REPLICA_URLS (either engine) there is one database: a visitor sees a published change at once.
describe('without read replicas', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers')] });
  });
  afterAll(() => t.close());

  it('shows a visitor a listing as soon as its owner publishes it', async () => {
    const owner = await signIn(t, 'member', 'single-db@example.ie');
    await t.ds.query('UPDATE users SET free_for_life = 1 WHERE id = ?', [owner.user.id]);
    const { body: listing } = await t.http().post('/api/posts/').set(auth(owner.token)).send({ title: 'Niamh Walsh Harp', category: 1, tag_slug: 'cork', status: 'publish' }).expect(201);
    expect(slugs((await t.http().get('/api/posts/').expect(200)).body)).toContain(listing.slug);
    await t.http().get(`/api/posts/${listing.id}/`).expect(200);
  });
});
