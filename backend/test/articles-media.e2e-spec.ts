import { IMAGE_WIDTHS, srcset } from '@directory/domain';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';

describe('GET /api/articles/', () => {
  let t: TestApp;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    const article = (slug: string, day: number, status: 'publish' | 'draft' = 'publish') => ({
      title: slug.replace(/-/g, ' '),
      slug,
      excerpt: `About ${slug}`,
      content: `<p>${slug}</p>`,
      image: `${slug}.webp`,
      author: 'The team',
      status,
      publishedAt: new Date(Date.UTC(2025, 0, day)),
    });
    await insert(t.ds, { articles: [article('wedding-hymns', 1), article('harp-or-quartet', 9), article('unfinished', 20, 'draft')] });
    ids = Object.fromEntries((await t.ds.query('SELECT id, slug FROM articles')).map((r: { id: number; slug: string }) => [r.slug, Number(r.id)]));
  });
  afterAll(() => t.close());

  it('lists published articles, newest first, without their bodies', async () => {
    const res = await t.http().get('/api/articles/').expect(200);
    expect(res.body.map((a: { slug: string }) => a.slug)).toEqual(['harp-or-quartet', 'wedding-hymns']);
    expect(res.body[0]).toEqual({
      id: ids['harp-or-quartet'],
      title: 'harp or quartet',
      slug: 'harp-or-quartet',
      excerpt: 'About harp-or-quartet',
      image: `http://localhost:3000/storage/article-assets/harp-or-quartet.webp?v=${Date.parse(res.body[0].updated_at)}`,
      author: 'The team',
      published_at: '2025-01-09T00:00:00.000Z',
      updated_at: expect.any(String),
    });
    // The answer names the cover alone; the site builds its srcset with @directory/domain (the copies are made on request).
    const v = `?v=${Date.parse(res.body[0].updated_at)}`;
    expect(srcset(res.body[0].image, IMAGE_WIDTHS.cover)).toBe(
      [320, 480, 640, 800, 960]
        .map((w) => `http://localhost:3000/storage/article-assets/harp-or-quartet-${w}w.webp${v} ${w}w`)
        .concat(`http://localhost:3000/storage/article-assets/harp-or-quartet.webp${v} 1200w`)
        .join(', '),
    );
  });

  it('returns one article by id or by slug, with its content', async () => {
    const byId = await t.http().get(`/api/articles/${ids['wedding-hymns']}/`).expect(200);
    expect(byId.body).toMatchObject({ slug: 'wedding-hymns', content: '<p>wedding-hymns</p>' });
    const bySlug = await t.http().get('/api/articles/wedding-hymns/').expect(200);
    expect(bySlug.body.id).toBe(ids['wedding-hymns']);
  });

  it('answers 404 for a draft or unknown article and 400 for a malformed id', async () => {
    expect((await t.http().get('/api/articles/unfinished/').expect(404)).body).toMatchObject({ field: 'id', message: "No article with slug 'unfinished'" });
    await t.http().get('/api/articles/999999/').expect(404);
    expect((await t.http().get('/api/articles/Not%20A%20Slug/').expect(400)).body).toMatchObject({ field: 'id' });
  });

  it('answers 400 naming the id for a slug longer than 200 characters', async () => {
    const res = await t.http().get(`/api/articles/${'a'.repeat(201)}/`).expect(400);
    expect(res.body).toMatchObject({ field: 'id', message: 'id must be shorter than or equal to 200 characters' });
  });
});

describe('GET /api/audios/ and /api/videos/', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let owner: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    owner = await signIn(t, 'member');
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [post('singer', 1, 'dublin'), post('draft-singer', 1, 'cork', { status: 'draft' }), post('hidden-singer', 1, 'cork', { slugExtract: HIDDEN, ownerId: owner.user.id })],
    });
    await insert(t.ds, {
      audios: [
        { postId: ids.singer, url: 'https://soundcloud.com/singer/ave-maria', title: 'Ave Maria' },
        { postId: ids['draft-singer'], url: 'https://soundcloud.com/draft/track', title: 'Draft' },
        { postId: ids['hidden-singer'], url: 'https://soundcloud.com/hidden/track', title: 'Hidden' },
      ],
      videos: [
        { postId: ids.singer, youtubeId: 'dQw4w9WgXcQ', title: 'Showreel' },
        { postId: ids['hidden-singer'], youtubeId: 'hiddenVideo', title: 'Hidden' },
      ],
    });
  });
  afterAll(() => t.close());

  it('lists the audios of visible posts, and those of one post by postId', async () => {
    const all = await t.http().get('/api/audios/').expect(200);
    expect(all.body).toEqual([{ id: expect.any(Number), postId: ids.singer, title: 'Ave Maria', url: 'https://soundcloud.com/singer/ave-maria' }]);
    const one = await t.http().get(`/api/audios/?postId=${ids.singer}`).expect(200);
    expect(one.body).toHaveLength(1);
  });

  it('answers 404 for the audios of a post the visitor cannot see, and 400 for a bad postId', async () => {
    expect((await t.http().get(`/api/audios/?postId=${ids['draft-singer']}`).expect(404)).body).toMatchObject({ field: 'id' });
    expect((await t.http().get('/api/audios/?postId=abc').expect(400)).body).toMatchObject({ field: 'postId', message: 'postId must be a positive whole number' });
  });

  it('shows an admin every audio', async () => {
    const { token } = await signIn(t, 'admin');
    const res = await t.http().get('/api/audios/').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body).toHaveLength(3);
  });

  it("keeps a hidden post's media for admins only, even from its own lister", async () => {
    const { token } = await signIn(t, 'admin', 'media-admin@example.ie');
    for (const kind of ['audios', 'videos']) {
      const asOwner = await t.http().get(`/api/${kind}/?postId=${ids['hidden-singer']}`).set('Authorization', `Bearer ${owner.token}`).expect(404);
      expect(asOwner.body).toMatchObject({ field: 'id' });
      const all = await t.http().get(`/api/${kind}/`).set('Authorization', `Bearer ${owner.token}`).expect(200);
      expect(all.body.map((m: { postId: number }) => m.postId)).not.toContain(ids['hidden-singer']);
      await t.http().get(`/api/${kind}/?postId=${ids['hidden-singer']}`).set('Authorization', `Bearer ${token}`).expect(200);
    }
  });

  it('lists videos by postId', async () => {
    const res = await t.http().get(`/api/videos/?postId=${ids.singer}`).expect(200);
    expect(res.body).toEqual([{ id: expect.any(Number), postId: ids.singer, title: 'Showreel', youtube_id: 'dQw4w9WgXcQ' }]);
  });
});

describe('GET /api/profiles/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [
        post('zoe-singer', 1, 'dublin', { title: 'Zoe Singer', youtube1Id: 'abcdefghijk' }),
        post('aine-singer', 1, 'cork', { title: 'Áine Singer' }),
        post('draft', 1, 'cork', { status: 'draft' }),
        post('hidden', 1, 'cork', { slugExtract: HIDDEN }),
      ],
    });
  });
  afterAll(() => t.close());

  it('lists every visible published profile by title in the light card shape', async () => {
    const res = await t.http().get('/api/profiles/').expect(200);
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['aine-singer', 'zoe-singer']);
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      title: 'Zoe Singer',
      slug: 'zoe-singer',
      category_slug: 'female-singers',
      category_name: 'Female Singers',
      tag_slug: 'dublin',
      tag_name: 'Dublin',
      price: 'charge',
      images: expect.objectContaining({ card: expect.stringContaining('/storage/library/zoe-singer-one-680x588.webp') }),
      area: 'Town',
      latitude: 53.3,
      longitude: -6.2,
      has_video: true,
      updated_at: expect.any(String),
    });
  });

  it('filters profiles by category, county and price, as the map does', async () => {
    const res = await t.http().get('/api/profiles/?catSlug=female-singers&tagSlug=cork&price=charge').expect(200);
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['aine-singer']);
    await t.http().get('/api/profiles/?tagSlug=atlantis').expect(404);
    expect((await t.http().get('/api/profiles/?limit=5').expect(400)).body).toMatchObject({ field: 'limit' });
  });
});

describe('errors and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('church');
  });
  afterAll(() => t.close());

  it('answers unknown paths with a JSON 404', async () => {
    const res = await t.http().get('/api/nothing-here/').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers a path with broken percent-encoding with a JSON 400', async () => {
    const res = await t.http().get('/api/categories/%E0%A4%A/').expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'invalid_request', error: 'Bad Request', message: "'/api/categories/%E0%A4%A/' is not a valid url component" });
  });

  it('sends security headers and exposes X-Total-Count to the site origin', async () => {
    const res = await t.http().get('/api/counties/').set('Origin', 'http://localhost:8080').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('lets the site origin send credentialed requests with any method the control panel will use', async () => {
    const res = await t.http().options('/api/posts/1/').set('Origin', 'http://localhost:8080').set('Access-Control-Request-Method', 'PATCH').set('Access-Control-Request-Headers', 'authorization,content-type').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']?.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type');
  });

  it('answers OPTIONS without an Origin with 204 rather than an error', async () => {
    await t.http().options('/api/posts/').expect(204);
  });

  it('does not grant CORS to other origins', async () => {
    const res = await t.http().get('/api/counties/').set('Origin', 'http://evil.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
