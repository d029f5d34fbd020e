import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { bumpDataVersion, category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/** Church repertoire: the shared catalogue, a listing's pieces per ceremony moment, and the searches on them. */
describe('repertoire', () => {
  let t: TestApp;
  let owner: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  let postId: number;
  const piece = async (title: string, composer?: string): Promise<number> => {
    const rows = await t.ds.query(`SELECT id FROM pieces WHERE title = ?${composer ? ' AND composer = ?' : ''}`, composer ? [title, composer] : [title]);
    return Number(rows[0].id);
  };
  const put = (token: string | null, id: number, items: unknown[]) => {
    const req = t.http().put(`/api/posts/${id}/repertoire/`);
    return (token ? req.set(auth(token)) : req).send({ items });
  };

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers'), category(5, 'harpists', 'Harpists')] });
    owner = await signIn(t, 'member', 'owner@example.ie');
    other = await signIn(t, 'member', 'other@example.ie');
    admin = await signIn(t, 'admin', 'admin@example.ie');
    await insert(t.ds, { posts: [post('aoife-soprano', 1, 'dublin', { ownerId: owner.user.id, youtube1Id: 'dQw4w9WgXcQ' })] });
    [{ id: postId }] = await t.ds.query("SELECT id FROM posts WHERE slug = 'aoife-soprano'");
    postId = Number(postId);
    await t.ds.query("INSERT INTO videos (post_id, youtube_id, title, duration_seconds, created_at) VALUES (?, 'abcdefghijk', 'Live', 240, CURRENT_TIMESTAMP)", [postId]);
  });
  beforeEach(() => t.ds.query('DELETE FROM rate_events'));
  afterAll(() => t.close());

  it('has a catalogue of the pieces Irish couples ask for, Schubert’s and Caccini’s Ave Maria apart, found by type-ahead', async () => {
    const [{ n }] = await t.ds.query('SELECT COUNT(*) AS n FROM pieces');
    expect(Number(n)).toBeGreaterThanOrEqual(150);
    const ave = (await t.http().get('/api/pieces/?q=ave maria').expect(200)).body;
    expect(ave.map((p: { composer: string }) => p.composer)).toEqual(expect.arrayContaining(['Franz Schubert', 'Giulio Caccini (attr. Vladimir Vavilov)']));
    const highland = (await t.http().get('/api/pieces/?q=highland').expect(200)).body;
    expect(highland).toEqual([{ id: await piece('Highland Cathedral'), title: 'Highland Cathedral', composer: 'Ulrich Roever and Michael Korb' }]);
    expect((await t.http().get('/api/pieces/?q=riada').expect(200)).body.map((p: { title: string }) => p.title)).toContain('Ag Críost an Síol');
    expect((await t.http().get('/api/pieces/?q=%25').expect(200)).body).toEqual([]);
    expect((await t.http().get('/api/pieces/').expect(200)).body.length).toBe(Number(n));
    expect((await t.http().get('/api/pieces/?q=a').expect(200)).body).toHaveLength(12);
  });

  it('is written whole by the owner or an admin and no one else (anonymous 401, another member 404)', async () => {
    const items = [{ ceremony: 'mass', moment: 'signing', piece_id: await piece('Highland Cathedral'), language: 'instrumental' }];
    await put(null, postId, items).expect(401);
    await put(other.token, postId, items).expect(404);
    await put(admin.token, postId, items).expect(200);
    const res = await put(owner.token, postId, [
      { ceremony: 'mass', moment: 'recessional', piece_id: await piece('Ode to Joy'), language: 'instrumental' },
      { ceremony: 'mass', moment: 'signing', piece_id: await piece('Highland Cathedral'), language: 'instrumental', clip_youtube_id: 'abcdefghijk', clip_start: 95 },
      { ceremony: 'mass', moment: 'psalm', title: 'Salm 23 (our own setting)', composer: 'Aoife Byrne', language: 'ga' },
      { ceremony: 'civil', moment: 'entrance', piece_id: await piece('Ave Maria', 'Giulio Caccini (attr. Vladimir Vavilov)'), language: 'la', clip_youtube_id: 'dQw4w9WgXcQ' },
    ]).expect(200);
    // In the ceremony's order of moments, whatever the order sent.
    expect(res.body).toEqual([
      { ceremony: 'mass', moment: 'psalm', piece_id: null, title: 'Salm 23 (our own setting)', composer: 'Aoife Byrne', language: 'ga', clip_youtube_id: null, clip_start: null },
      { ceremony: 'mass', moment: 'signing', piece_id: await piece('Highland Cathedral'), title: 'Highland Cathedral', composer: 'Ulrich Roever and Michael Korb', language: 'instrumental', clip_youtube_id: 'abcdefghijk', clip_start: 95 },
      { ceremony: 'mass', moment: 'recessional', piece_id: await piece('Ode to Joy'), title: 'Ode to Joy', composer: 'Ludwig van Beethoven', language: 'instrumental', clip_youtube_id: null, clip_start: null },
      { ceremony: 'civil', moment: 'entrance', piece_id: await piece('Ave Maria', 'Giulio Caccini (attr. Vladimir Vavilov)'), title: 'Ave Maria', composer: 'Giulio Caccini (attr. Vladimir Vavilov)', language: 'la', clip_youtube_id: 'dQw4w9WgXcQ', clip_start: 0 },
    ]);
    expect((await t.http().get(`/api/posts/${postId}/repertoire/`).expect(200)).body).toEqual(res.body);
  });

  it.each([
    [{ ceremony: 'mass', moment: 'first_dance', title: 'X', language: 'en' }, 'items.0.moment'],
    [{ ceremony: 'civil', moment: 'communion', title: 'X', language: 'en' }, 'items.0.moment'],
    [{ ceremony: 'bar_mitzvah', moment: 'entrance', title: 'X', language: 'en' }, 'items.0.ceremony'],
    [{ ceremony: 'mass', moment: 'entrance', piece_id: 999999, language: 'en' }, 'items.0.piece_id'],
    [{ ceremony: 'mass', moment: 'entrance', language: 'en' }, 'items.0.title'],
    [{ ceremony: 'mass', moment: 'entrance', title: 'X', language: 'klingon' }, 'items.0.language'],
    [{ ceremony: 'mass', moment: 'entrance', title: 'X', language: 'en', clip_youtube_id: 'zzzzzzzzzzz' }, 'items.0.clip_youtube_id'],
    [{ ceremony: 'mass', moment: 'entrance', title: 'X', language: 'en', clip_youtube_id: 'abcdefghijk', clip_start: 240 }, 'items.0.clip_start'],
    [{ ceremony: 'mass', moment: 'entrance', title: 'X', language: 'en', clip_youtube_id: 'abcdefghijk', clip_start: -1 }, 'items.0.clip_start'],
    [{ ceremony: 'mass', moment: 'entrance', title: 'X', language: 'en', clip_start: 10 }, 'items.0.clip_start'],
  ])('refuses %j with a 400 naming %s, keeping the repertoire', async (item, field) => {
    const before = (await t.http().get(`/api/posts/${postId}/repertoire/`).expect(200)).body;
    expect((await put(owner.token, postId, [item]).expect(400)).body.field).toBe(field);
    expect((await t.http().get(`/api/posts/${postId}/repertoire/`).expect(200)).body).toEqual(before);
  });

  it('hides a draft’s repertoire from visitors (404) but not from its owner', async () => {
    await t.ds.query("UPDATE posts SET status = 'draft' WHERE id = ?", [postId]);
    await bumpDataVersion(t.ds);
    await t.http().get(`/api/posts/${postId}/repertoire/`).expect(404);
    await t.http().get(`/api/posts/${postId}/repertoire/`).set(auth(owner.token)).expect(200);
    await t.ds.query("UPDATE posts SET status = 'publish' WHERE id = ?", [postId]);
    await bumpDataVersion(t.ds);
  });

  it('finds listings that play a piece, or sing in Irish, with category, county and price', async () => {
    await insert(t.ds, {
      posts: [
        post('harp-dublin', 5, 'dublin'),
        post('harp-cork', 5, 'cork'),
        post('singer-cork', 1, 'cork', { price: 'free' }),
      ],
    });
    const id = async (slug: string) => Number((await t.ds.query('SELECT id FROM posts WHERE slug = ?', [slug]))[0].id);
    const highland = await piece('Highland Cathedral');
    await put(admin.token, await id('harp-dublin'), [{ ceremony: 'mass', moment: 'entrance', piece_id: highland, language: 'instrumental' }]).expect(200);
    await put(admin.token, await id('harp-cork'), [{ ceremony: 'mass', moment: 'signing', piece_id: highland, language: 'instrumental' }]).expect(200);
    await put(admin.token, await id('singer-cork'), [{ ceremony: 'mass', moment: 'communion', piece_id: await piece('Ag Críost an Síol'), language: 'ga' }]).expect(200);
    const slugs = async (query: string) => {
      const res = await t.http().get(`/api/posts/?${query}`).expect(200);
      return { slugs: res.body.map((p: { slug: string }) => p.slug), total: Number(res.headers['x-total-count']) };
    };
    expect(await slugs(`piece=${highland}`)).toEqual({ slugs: ['harp-cork', 'harp-dublin', 'aoife-soprano'], total: 3 });
    expect(await slugs(`piece=${highland}&tagSlug=dublin&limit=20&offset=0`)).toEqual({ slugs: ['harp-dublin', 'aoife-soprano'], total: 2 });
    expect(await slugs(`piece=${highland}&catSlug=harpists&tagSlug=dublin`)).toEqual({ slugs: ['harp-dublin'], total: 1 });
    expect(await slugs('irish=1')).toEqual({ slugs: ['singer-cork', 'aoife-soprano'], total: 2 });
    expect(await slugs('irish=1&tagSlug=cork&price=free')).toEqual({ slugs: ['singer-cork'], total: 1 });
    expect(await slugs(`irish=1&piece=${highland}`)).toEqual({ slugs: ['aoife-soprano'], total: 1 });
    expect((await t.http().get('/api/posts/?piece=abc').expect(400)).body.field).toBe('piece');
    expect((await t.http().get('/api/posts/?irish=yes').expect(400)).body.field).toBe('irish');
  });

  it('goes with its listing', async () => {
    await t.http().delete(`/api/posts/${postId}/`).set(auth(owner.token)).expect(204);
    const [{ n }] = await t.ds.query('SELECT COUNT(*) AS n FROM post_pieces WHERE post_id = ?', [postId]);
    expect(Number(n)).toBe(0);
  });
});
