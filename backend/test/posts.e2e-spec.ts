import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';

/** Church site: the public read API with its visibility rules. */
describe('GET /api/posts/ (church)', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let ownerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    const owner = await signIn(t, 'member', 'lister@example.ie');
    ownerToken = owner.token;
    adminToken = (await signIn(t, 'admin', 'admin@example.ie')).token;
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [
        category(1, 'female-singers', 'Female Singers'),
        category(2, 'male-singers', 'Male Singers'),
        category(5, 'harpists', 'Harpists'),
        category(4, 'string-quartets', 'String Quartets'),
      ],
      posts: [
        post('aoife-byrne-soprano', 1, 'dublin', { price: 'charge', youtube1Id: 'dQw4w9WgXcQ' }),
        post('niamh-walsh-soprano', 1, 'cork', { price: 'free' }),
        post('sean-kelly-tenor', 2, 'dublin', { price: 'nominal_charge' }),
        post('liffey-harp', 5, 'dublin', { price: 'charge', hasLocation: false, latitude: null, longitude: null }),
        post('orla-quinn-harpist', 5, 'galway', { price: 'free' }),
        post('draft-soprano', 1, 'dublin', { status: 'draft', ownerId: owner.user.id }),
        post('someone-elses-draft', 1, 'dublin', { status: 'draft' }),
        post('secret-harpist', 5, 'galway', { slugExtract: HIDDEN }),
        post('pending-tenor', 2, 'cork', { status: 'pending' }),
      ],
    });
  });
  afterAll(() => t.close());

  const slugs = (body: { slug: string }[]) => body.map((p) => p.slug);

  it('lists only published, visible posts by default, newest first', async () => {
    const res = await t.http().get('/api/posts/').expect(200);
    expect(slugs(res.body)).toEqual(['orla-quinn-harpist', 'liffey-harp', 'sean-kelly-tenor', 'niamh-walsh-soprano', 'aoife-byrne-soprano']);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('answers with and without the trailing slash', async () => {
    const res = await t.http().get('/api/posts').expect(200);
    expect(res.body).toHaveLength(5);
  });

  it('matches its paths in any letter case, as old links may have them', async () => {
    const res = await t.http().get('/API/Posts/').expect(200);
    expect(res.body).toHaveLength(5);
  });

  it('treats empty strings as no filter, as one client variant sends them', async () => {
    const res = await t.http().get('/api/posts/?catSlug=&tagSlug=&postSlug=&price=').expect(200);
    expect(res.body).toHaveLength(5);
  });

  it('filters by category, county and price together', async () => {
    expect(slugs((await t.http().get('/api/posts/?catSlug=female-singers').expect(200)).body)).toEqual(['niamh-walsh-soprano', 'aoife-byrne-soprano']);
    expect(slugs((await t.http().get('/api/posts/?tagSlug=dublin').expect(200)).body)).toEqual(['liffey-harp', 'sean-kelly-tenor', 'aoife-byrne-soprano']);
    expect(slugs((await t.http().get('/api/posts/?catSlug=female-singers&tagSlug=dublin').expect(200)).body)).toEqual(['aoife-byrne-soprano']);
    expect(slugs((await t.http().get('/api/posts/?price=free').expect(200)).body)).toEqual(['orla-quinn-harpist', 'niamh-walsh-soprano']);
    expect((await t.http().get('/api/posts/?catSlug=harpists&tagSlug=galway&price=charge').expect(200)).body).toEqual([]);
  });

  it('treats the all-categories and all-counties slugs as no filter', async () => {
    const res = await t.http().get('/api/posts/?catSlug=all-categories&tagSlug=all-counties').expect(200);
    expect(res.body).toHaveLength(5);
  });

  it('finds one post by postSlug and answers 404 for an unknown one', async () => {
    const res = await t.http().get('/api/posts/?postSlug=sean-kelly-tenor').expect(200);
    expect(slugs(res.body)).toEqual(['sean-kelly-tenor']);
    const missing = await t.http().get('/api/posts/?postSlug=nobody-here').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, field: 'postSlug', message: "No post with slug 'nobody-here'" });
  });

  it('shapes each post with the fields the site shows', async () => {
    const [p] = (await t.http().get('/api/posts/?postSlug=aoife-byrne-soprano').expect(200)).body;
    expect(p).toMatchObject({
      id: ids['aoife-byrne-soprano'],
      slug: 'aoife-byrne-soprano',
      slug_extract: 'aoife-byrne-soprano',
      status: 'publish',
      category: 1,
      category_slug: 'female-singers',
      tag_slug: 'dublin',
      tag_name: 'Dublin',
      price: 'charge',
      price_label: 'Charge',
      youtube1_id: 'dQw4w9WgXcQ',
      featured_audio_url: null,
      vitals: { area: 'Town', latitude: 53.3, longitude: -6.2, gmap_pin: '53.3,-6.2', has_location: true },
      images: {
        card: `http://localhost:3000/storage/library/aoife-byrne-soprano-one-680x588.webp?v=${Date.parse(p.updated_at)}`,
        card_wide: `http://localhost:3000/storage/library/aoife-byrne-soprano-one-680x382.webp?v=${Date.parse(p.updated_at)}`,
        map: `http://localhost:3000/storage/library/aoife-byrne-soprano-one-931x550.webp?v=${Date.parse(p.updated_at)}`,
      },
    });
    expect(Date.parse(p.created_at)).not.toBeNaN();
    expect(p).not.toHaveProperty('ownerId');
  });

  it('gives no map pin to a post without a location', async () => {
    const [p] = (await t.http().get('/api/posts/?postSlug=liffey-harp').expect(200)).body;
    expect(p.vitals).toEqual({ area: 'Town', latitude: null, longitude: null, gmap_pin: null, has_location: false });
  });

  it('pages with limit and offset and reports the total in X-Total-Count', async () => {
    const res = await t.http().get('/api/posts/?limit=2&offset=1').expect(200);
    expect(slugs(res.body)).toEqual(['liffey-harp', 'sean-kelly-tenor']);
    expect(res.headers['x-total-count']).toBe('5');
    const last = await t.http().get('/api/posts/?limit=2&offset=4').expect(200);
    expect(slugs(last.body)).toEqual(['aoife-byrne-soprano']);
    const offsetOnly = await t.http().get('/api/posts/?offset=3').expect(200);
    expect(slugs(offsetOnly.body)).toEqual(['niamh-walsh-soprano', 'aoife-byrne-soprano']);
  });

  it('refuses other statuses to anonymous visitors with a 403 naming the field', async () => {
    const res = await t.http().get('/api/posts/?status=draft').expect(403);
    expect(res.body).toMatchObject({ statusCode: 403, field: 'status' });
    expect(res.body.message).toContain("status 'draft'");
  });

  it('lets a lister list only their own drafts', async () => {
    const res = await t.http().get('/api/posts/?status=draft').set('Authorization', `Bearer ${ownerToken}`).expect(200);
    expect(slugs(res.body)).toEqual(['draft-soprano']);
  });

  it('lets an admin list every draft', async () => {
    const res = await t.http().get('/api/posts/?status=draft').set('Authorization', `Bearer ${adminToken}`).expect(200);
    expect(slugs(res.body).sort()).toEqual(['draft-soprano', 'someone-elses-draft']);
  });

  it('hides posts with the reserved slug_extract from visitors and listers, not from admins', async () => {
    expect(slugs((await t.http().get('/api/posts/?catSlug=harpists').expect(200)).body)).toEqual(['orla-quinn-harpist', 'liffey-harp']);
    const asLister = await t.http().get('/api/posts/?catSlug=harpists').set('Authorization', `Bearer ${ownerToken}`).expect(200);
    expect(slugs(asLister.body)).not.toContain('secret-harpist');
    const asAdmin = await t.http().get('/api/posts/?catSlug=harpists').set('Authorization', `Bearer ${adminToken}`).expect(200);
    expect(slugs(asAdmin.body)).toEqual(['secret-harpist', 'orla-quinn-harpist', 'liffey-harp']);
  });

  it('answers 404 naming the field for an unknown category or county', async () => {
    expect((await t.http().get('/api/posts/?catSlug=bagpipers').expect(404)).body).toEqual({
      statusCode: 404,
      code: 'category_not_found',
      error: 'Not Found',
      message: "No category with slug 'bagpipers'",
      field: 'catSlug',
    });
    expect((await t.http().get('/api/posts/?tagSlug=atlantis').expect(404)).body).toMatchObject({ field: 'tagSlug', message: "No county with slug 'atlantis'" });
  });

  it.each([
    ['price=expensive', 'price', 'price must be one of free, nominal_charge, charge'],
    ['status=deleted', 'status', 'status must be one of publish, draft, pending, private'],
    ['catSlug=Female%20Singers', 'catSlug', 'catSlug must be a lowercase slug of letters, digits and hyphens'],
    ["tagSlug=dublin'%20OR%201=1", 'tagSlug', 'tagSlug must be a lowercase slug of letters, digits and hyphens'],
    ['limit=0', 'limit', 'limit must not be less than 1'],
    ['limit=abc', 'limit', 'limit must be a whole number'],
    ['offset=-1', 'offset', 'offset must be a whole number'],
    ['price=free&price=charge', 'price', 'price must be one of free, nominal_charge, charge'],
    ['colour=red', 'colour', 'property colour should not exist'],
  ])('answers 400 for ?%s naming %s', async (query, field, message) => {
    const res = await t.http().get(`/api/posts/?${query}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', field, message });
  });

  it('rejects an invalid or expired bearer token with 401', async () => {
    const res = await t.http().get('/api/posts/').set('Authorization', 'Bearer not-a-token').expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, field: 'Authorization' });
  });
});

describe('GET /api/posts/{id}/ (church)', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let ownerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    const owner = await signIn(t, 'member');
    ownerToken = owner.token;
    adminToken = (await signIn(t, 'admin')).token;
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [
        post('aoife-byrne-soprano', 1, 'dublin'),
        post('my-draft', 1, 'dublin', { status: 'draft', ownerId: owner.user.id }),
        post('secret', 1, 'dublin', { slugExtract: HIDDEN }),
        post('my-hidden', 1, 'dublin', { slugExtract: HIDDEN, ownerId: owner.user.id }),
        post('my-hidden-draft', 1, 'dublin', { slugExtract: HIDDEN, status: 'draft', ownerId: owner.user.id }),
      ],
    });
  });
  afterAll(() => t.close());

  it('returns a published post', async () => {
    const res = await t.http().get(`/api/posts/${ids['aoife-byrne-soprano']}/`).expect(200);
    expect(res.body).toMatchObject({ slug: 'aoife-byrne-soprano', tag_name: 'Dublin', category_name: 'Female Singers' });
  });

  it('answers 404 for an unknown id, a draft or a hidden post seen by a visitor', async () => {
    for (const id of [999999, ids['my-draft'], ids.secret]) {
      const res = await t.http().get(`/api/posts/${id}/`).expect(404);
      expect(res.body).toMatchObject({ field: 'id', message: `No post with id ${id}` });
    }
  });

  it('shows a draft to its owner and a hidden post to an admin', async () => {
    await t.http().get(`/api/posts/${ids['my-draft']}/`).set('Authorization', `Bearer ${ownerToken}`).expect(200);
    await t.http().get(`/api/posts/${ids.secret}/`).set('Authorization', `Bearer ${ownerToken}`).expect(404);
    await t.http().get(`/api/posts/${ids.secret}/`).set('Authorization', `Bearer ${adminToken}`).expect(200);
  });

  it('keeps hidden posts for admins only, even from their own lister', async () => {
    for (const slug of ['my-hidden', 'my-hidden-draft']) {
      await t.http().get(`/api/posts/${ids[slug]}/`).set('Authorization', `Bearer ${ownerToken}`).expect(404);
      await t.http().get(`/api/posts/${ids[slug]}/`).set('Authorization', `Bearer ${adminToken}`).expect(200);
    }
    for (const status of ['publish', 'draft']) {
      const own = await t.http().get(`/api/posts/?status=${status}`).set('Authorization', `Bearer ${ownerToken}`).expect(200);
      expect(own.body.map((p: { slug: string }) => p.slug)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^my-hidden/)]));
    }
  });

  it.each([
    ['abc', 'id must be a positive whole number'],
    ['0', 'id must be a positive whole number'],
    ['-4', 'id must be a positive whole number'],
    ['99999999999', 'id is too large'],
    ['1.5', 'id must be a positive whole number'],
    ['3000000000', 'id is too large'],
  ])('answers 400 for id %s', async (id, message) => {
    const res = await t.http().get(`/api/posts/${id}/`).expect(400);
    expect(res.body).toMatchObject({ field: 'id', message });
  });
});
