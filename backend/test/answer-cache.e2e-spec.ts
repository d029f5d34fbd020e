import type { Response } from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataVersion } from '../src/modules/data-version/data-version';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/**
 * The public-read answer cache (common/answer-cache.ts). The app under test believes a version it read for a minute
 * (DATA_VERSION_CHECK_MS=60000), so what it shows after a write comes from the write's own commit moving the version,
 * not from the version being read again.
 */
describe('the answer cache of public reads', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let owner: string;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const slugs = (body: { slug: string }[]) => body.map((p) => p.slug).sort();

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN, DATA_VERSION_CHECK_MS: '60000' });
    await resetDatabase(t.ds);
    const member = await signIn(t, 'member', 'lister@example.ie');
    owner = member.token;
    admin = (await signIn(t, 'admin', 'boss@example.ie')).token;
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'organists', 'Organists'), category(2, 'singers', 'Singers')],
      posts: [
        post('alpha-organ', 1, 'cork', { ownerId: member.user.id }),
        post('bravo-voice', 2, 'dublin'),
        post('charlie-hidden', 1, 'cork', { slugExtract: HIDDEN }),
        post('delta-draft', 2, 'galway', { status: 'draft', ownerId: member.user.id }),
      ],
    });
    // The fixtures wrote behind the app's back: it reads the version again now, once.
    await t.app.get(DataVersion).bump();
  });
  afterAll(() => t?.close());

  it('serves the second read from memory, with the same body and headers', async () => {
    const first = await t.http().get('/api/posts/?tagSlug=cork&limit=10').expect(200);
    const second = await t.http().get('/api/posts/?limit=10&tagSlug=cork').expect(200);
    expect(first.headers['x-answer-cache']).toBe('miss');
    expect(second.headers['x-answer-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(slugs(second.body)).toEqual(['alpha-organ']);
    for (const name of ['x-total-count', 'content-type', 'etag', 'x-data-version', 'cache-control']) expect(second.headers[name]).toBe(first.headers[name]);
    expect(second.headers['x-total-count']).toBe('1');
    expect(second.headers['x-data-version']).toMatch(/^\d+$/);
    expect(second.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps an answer until the version moves: a change behind its back shows only then', async () => {
    const read = () => t.http().get(`/api/posts/${ids['bravo-voice']}/`).expect(200);
    expect((await read()).body.title).toBe('bravo voice');
    await t.ds.query("UPDATE posts SET title = 'Changed Quietly' WHERE slug = 'bravo-voice'");
    const kept = await read();
    expect(kept.headers['x-answer-cache']).toBe('hit');
    expect(kept.body.title).toBe('bravo voice');
    await t.app.get(DataVersion).bump();
    const fresh = await read();
    expect(fresh.headers['x-answer-cache']).toBe('miss');
    expect(fresh.body.title).toBe('Changed Quietly');
    expect(BigInt(fresh.headers['x-data-version'])).toBeGreaterThan(BigInt(kept.headers['x-data-version']));
  });

  it('answers 304 to If-None-Match, from memory and on a miss', async () => {
    const first = await t.http().get('/api/categories/').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const hit = await t.http().get('/api/categories/').set('If-None-Match', etag).expect(304);
    expect(hit.headers['x-answer-cache']).toBe('hit');
    expect(hit.text).toBe('');
    // A write elsewhere moves the version; the categories did not change, so the client's copy is still good.
    await t.app.get(DataVersion).bump();
    const miss = await t.http().get('/api/categories/').set('If-None-Match', `"other", ${etag}`).expect(304);
    expect(miss.headers['x-answer-cache']).toBe('miss');
    await t.http().get('/api/categories/').set('If-None-Match', 'W/"stale"').expect(200);
  });

  it('never keeps a refused query, which is refused again the same way', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.http().get('/api/posts/?nonsense=1').expect(400);
      expect(res.headers['x-answer-cache']).toBe('miss');
    }
    for (let i = 0; i < 2; i++) await t.http().get('/api/posts/999999/').expect(404);
  });

  it('shows a write through the API on the next read: publish, hide, a category renamed', async () => {
    const list = async () => slugs((await t.http().get('/api/posts/').expect(200)).body);
    const summary = async () => (await t.http().get('/active-cats-tags/').expect(200)).body;
    expect(await list()).toEqual(['alpha-organ', 'bravo-voice']);
    expect(await list()).toEqual(['alpha-organ', 'bravo-voice']);
    expect((await summary()).total).toBe(2);

    await t.http().put('/api/posts/delta-draft/').set(as(admin)).send({ status: 'publish' }).expect(200);
    expect(await list()).toEqual(['alpha-organ', 'bravo-voice', 'delta-draft']);
    expect((await summary()).total).toBe(3);

    await t.http().post(`/api/admin/listings/${ids['alpha-organ']}/hide`).set(as(admin)).expect(200);
    expect(await list()).toEqual(['bravo-voice', 'delta-draft']);
    await t.http().get(`/api/posts/${ids['alpha-organ']}/`).expect(404);

    expect((await t.http().get('/api/categories/singers/').expect(200)).body.name).toBe('Singers');
    await t.http().put('/api/admin/categories/2').set(as(admin)).send({ name: 'Choirs and Singers' }).expect(200);
    expect((await t.http().get('/api/categories/singers/').expect(200)).body.name).toBe('Choirs and Singers');
    const bravo = (await t.http().get('/api/posts/?catSlug=singers').expect(200)).body.find((p: { slug: string }) => p.slug === 'bravo-voice');
    expect(bravo.category_name).toBe('Choirs and Singers');
    expect((await summary()).categories.singers.name).toBe('Choirs and Singers');

    await t.http().post(`/api/admin/listings/${ids['alpha-organ']}/unhide`).set(as(admin)).expect(200);
    await t.http().put('/api/posts/delta-draft/').set(as(admin)).send({ status: 'draft' }).expect(200);
    expect(await list()).toEqual(['alpha-organ', 'bravo-voice']);
  });

  describe('signed-in callers neither read nor fill it', () => {
    const draft = () => `/api/posts/${ids['delta-draft']}/`;

    it('an owner sees their draft, a visitor does not, in either order', async () => {
      await t.http().get(draft()).expect(404);
      const mine = await t.http().get(draft()).set(as(owner)).expect(200);
      expect(mine.headers['x-answer-cache']).toBe('bypass');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers.etag).toBeUndefined();
      await t.http().get(draft()).expect(404);
      await t.app.get(DataVersion).bump();
      await t.http().get(draft()).set(as(owner)).expect(200);
      await t.http().get(draft()).expect(404);
    });

    it('an admin sees hidden listings, a visitor does not, in either order', async () => {
      const path = '/api/posts/?tagSlug=cork';
      expect(slugs((await t.http().get(path).expect(200)).body)).toEqual(['alpha-organ']);
      expect(slugs((await t.http().get(path).set(as(admin)).expect(200)).body)).toEqual(['alpha-organ', 'charlie-hidden']);
      const visitor = await t.http().get(path).expect(200);
      expect(visitor.headers['x-answer-cache']).toBe('hit');
      expect(slugs(visitor.body)).toEqual(['alpha-organ']);
      await t.app.get(DataVersion).bump();
      expect(slugs((await t.http().get(path).set(as(admin)).expect(200)).body)).toEqual(['alpha-organ', 'charlie-hidden']);
      const after = await t.http().get(path).expect(200);
      expect(after.headers['x-answer-cache']).toBe('miss');
      expect(slugs(after.body)).toEqual(['alpha-organ']);
    });

    it('a request with a cookie (the site session) is not served a shared answer', async () => {
      await t.http().get('/api/counties/').expect(200);
      const res = await t.http().get('/api/counties/').set('Cookie', 'dir_at=a.b.c').expect(200);
      expect(res.headers['x-answer-cache']).toBe('bypass');
    });
  });

  describe('a repeated hit is answered before Fastify', () => {
    /** Answers sent by the fast path so far. */
    const fast = () => (t.app as NestFastifyApplication).getHttpAdapter().getInstance().answerStore.fastHits;
    /** The header lines as received, in order, names as written; the date aside. */
    const wire = (res: Response) => {
      const raw = (res as unknown as { res: { rawHeaders: string[] } }).res.rawHeaders;
      const lines: string[] = [];
      for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() !== 'date') lines.push(`${raw[i]}: ${raw[i + 1]}`);
      return lines;
    };
    const path = '/api/articles/';
    const get = (headers: Record<string, string> = {}, url = path) => t.http().get(url).set({ 'X-Request-Id': 'fast-path-test', ...headers });

    /** The first hit of a line and Origin through Fastify, the next before it: the same answer, byte for byte. */
    const viaFastifyThenFast = async (headers: Record<string, string> = {}, url = path, status = 200) => {
      const before = fast();
      const viaFastify = await get(headers, url).expect(status);
      expect(viaFastify.headers['x-answer-cache']).toBe('hit');
      expect(fast()).toBe(before);
      const first = await get(headers, url).expect(status);
      expect(fast()).toBe(before + 1);
      expect(wire(first)).toEqual(wire(viaFastify));
      expect(first.text).toBe(viaFastify.text);
      return first;
    };

    beforeAll(async () => {
      await t.app.get(DataVersion).bump();
      expect((await get().expect(200)).headers['x-answer-cache']).toBe('miss');
    });

    it('with the headers Fastify sends on a hit, in the same order, for each Origin, and its own request id', async () => {
      const plain = await viaFastifyThenFast();
      expect(plain.headers['x-frame-options']).toBeDefined(); // helmet's
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      expect(plain.headers.etag).toMatch(/^W\//);
      expect(plain.headers['x-data-version']).toMatch(/^\d+$/);
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(plain.text)));

      const site = await viaFastifyThenFast({ Origin: t.config.siteOrigin });
      expect(site.headers['access-control-allow-origin']).toBe(t.config.siteOrigin);
      expect(site.headers['access-control-allow-credentials']).toBe('true');
      expect(site.headers['access-control-expose-headers']).toMatch(/X-Answer-Cache/);
      expect(site.headers.vary).toMatch(/Origin/);
      const evil = await viaFastifyThenFast({ Origin: 'https://elsewhere.example' });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      // Each Origin keeps its own headers: back to the site's, answered before Fastify at once.
      const before = fast();
      expect((await get({ Origin: t.config.siteOrigin }).expect(200)).headers['access-control-allow-origin']).toBe(t.config.siteOrigin);
      expect(fast()).toBe(before + 1);

      const own = await t.http().get(path).set('X-Request-Id', 'nginx-id-42').expect(200);
      expect(own.headers['x-request-id']).toBe('nginx-id-42');
      const none = await t.http().get(path).expect(200);
      expect(none.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(fast()).toBe(before + 3);
    });

    it('answers 304 to If-None-Match as Fastify does', async () => {
      const etag = (await get().expect(200)).headers.etag;
      const notModified = await viaFastifyThenFast({ 'If-None-Match': etag }, path, 304);
      expect(notModified.text).toBe('');
      expect(notModified.headers['content-length']).toBeUndefined();
    });

    it('the same key from another spelling of the line: letter case, trailing slash, query order', async () => {
      const canonical = await get().expect(200);
      const other = await viaFastifyThenFast({}, '/API/Articles');
      expect(other.text).toBe(canonical.text);
      expect(other.headers.etag).toBe(canonical.headers.etag);
      const page = await get({}, '/api/posts/?tagSlug=cork&limit=5').expect(200);
      const reordered = await viaFastifyThenFast({}, '/Api/Posts?limit=5&tagSlug=cork');
      expect(reordered.text).toBe(page.text);
      expect(reordered.headers['x-total-count']).toBe('1');
    });

    it('never for a signed-in caller, a body, HEAD or another method; a moved version is a miss', async () => {
      const list = '/api/posts/?tagSlug=cork';
      await get({}, list).expect(200);
      await viaFastifyThenFast({}, list);
      const before = fast();
      const admin_ = await get(as(admin), list).expect(200);
      expect(admin_.headers['x-answer-cache']).toBe('bypass');
      expect(slugs(admin_.body)).toEqual(['alpha-organ', 'charlie-hidden']);
      expect((await get({ Cookie: 'dir_at=a.b.c' }, list).expect(200)).headers['x-answer-cache']).toBe('bypass');
      expect((await get({ 'Content-Type': 'application/json' }, list).expect(200)).headers['x-answer-cache']).toBe('hit');
      const head = await t.http().head(list).expect(200);
      expect(head.headers['x-answer-cache']).toBeUndefined();
      expect(head.headers['x-total-count']).toBe('1');
      await t.http().delete(list).expect(404);
      expect(fast()).toBe(before);

      await t.app.get(DataVersion).bump();
      expect((await get({}, list).expect(200)).headers['x-answer-cache']).toBe('miss');
      expect((await get({}, list).expect(200)).headers['x-answer-cache']).toBe('hit');
      expect(fast()).toBe(before);
      await get({}, list).expect(200);
      expect(fast()).toBe(before + 1);
    });
  });

  it('two API processes on one database: a write through one is seen by the other within its version check', async () => {
    const other = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN, DATA_VERSION_CHECK_MS: '200' });
    try {
      const read = () => other.http().get('/api/posts/?catSlug=singers').expect(200);
      await read();
      expect((await read()).headers['x-answer-cache']).toBe('hit');
      await t.http().put('/api/posts/delta-draft/').set(as(admin)).send({ status: 'publish' }).expect(200);
      const wrote = Date.now();
      let seen = false;
      while (!seen && Date.now() - wrote < 3000) {
        seen = slugs((await read()).body).includes('delta-draft');
        if (!seen) await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('ANSWER_CACHE=off builds every answer, still naming the version', async () => {
    const off = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN, ANSWER_CACHE: 'off' });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await off.http().get('/api/articles/').expect(200);
        expect(res.headers['x-answer-cache']).toBe('off');
        expect(res.headers['x-data-version']).toMatch(/^\d+$/);
      }
    } finally {
      await off.close();
    }
  });
});
