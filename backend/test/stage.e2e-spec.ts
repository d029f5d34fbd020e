import { signIn } from './support/app';
import { accountsApp, PASSWORD } from './support/accounts';
import { category, COUNTIES, insert, post } from './support/fixtures';

const KEY = 'stage-key-of-the-site-server-0123456789abcdef';
const TESTER = 'tester@example.ie';

/**
 * Stage (STAGE=true): only admins and the accounts listed in STAGE_MEMBERS may sign up, sign in or call the API; the
 * site server's own calls carry STAGE_KEY; everyone else gets nothing.
 */
describe('stage', () => {
  const { ctx, member, signUpBody } = accountsApp({ STAGE: 'true', STAGE_KEY: KEY, STAGE_MEMBERS: ` ${TESTER.toUpperCase()} , second@example.ie` });
  const http = () => ctx.t.http();
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const READS = ['/api/posts/', '/api/posts/?postSlug=aoife-harpist', '/api/categories/', '/api/counties/', '/active-cats-tags/', '/api/data-version/', '/api/articles/', '/api/plans/', '/api/profiles/'];

  beforeAll(async () => {
    await insert(ctx.t.ds, { counties: COUNTIES, categories: [category(1, 'harpists', 'Harpists')], posts: [post('aoife-harpist', 1, 'cork')] });
  });

  it.each(READS)('refuses an anonymous GET %s with 401', async (path) => {
    const res = await http().get(path).expect(401);
    expect(res.body).toMatchObject({ code: 'login_needed' });
  });

  it('refuses anonymous writes, and a wrong stage key', async () => {
    await http().post('/api/enquiries/').send({}).expect(401);
    await http().post('/contact/').send({}).expect(401);
    await http().post('/api/posts/1/views/').expect(401);
    await http().get('/api/posts/').set('X-Stage-Key', `${KEY}x`).expect(401);
    await http().get('/api/posts/').set('X-Stage-Key', '').expect(401);
  });

  it("answers the site server's calls, which carry the stage key", async () => {
    for (const path of READS) await http().get(path).set('X-Stage-Key', KEY).expect(200);
  });

  it('keeps health, pictures and signing in open', async () => {
    await http().get('/healthz').expect(200);
    await http().get('/storage/library/nothing-here-one-680x588.webp').expect(404);
    expect((await http().post('/token/refresh/').send({ refresh: 'x'.repeat(40) }).expect(401)).body.code).toBe('session_ended');
  });

  it('closes sign-up to every address not on the list', async () => {
    const res = await http().post('/sign-up/').send(signUpBody('stranger@example.ie')).expect(403);
    expect(res.body).toMatchObject({ code: 'stage_only', field: 'email', message: 'This is a test site: only invited accounts may use it.' });
    await http().post('/sign-up/code/').send({ ...signUpBody('stranger@example.ie'), signUpCode: '1234' }).expect(403);
    expect(await ctx.t.ds.query('SELECT id FROM users WHERE email = ?', ['stranger@example.ie'])).toHaveLength(0);
  });

  it('lets a listed account sign up, sign in and use everything', async () => {
    const tester = await member(TESTER);
    for (const path of ['/api/me/', ...READS]) await http().get(path).set(bearer(tester.access)).expect(200);
    await http().post('/api/posts/').set(bearer(tester.access)).send({ title: 'Stage listing', category: 1, tag_slug: 'cork' }).expect(201);
    await http().post('/login/').send({ email: TESTER, password: PASSWORD, username: TESTER }).expect(200);
  });

  it('gives an account that is not on the list nothing, and answers its login like a wrong password', async () => {
    // An account from before the stage was closed (or made in the database).
    const listed = await member('second@example.ie');
    await ctx.t.ds.query('UPDATE users SET email = ?, username = ? WHERE id = ?', ['outsider@example.ie', 'outsider@example.ie', listed.user.id]);
    const login = await http().post('/login/').send({ email: 'outsider@example.ie', password: PASSWORD, username: 'outsider@example.ie' }).expect(401);
    expect(login.body).toMatchObject({ code: 'invalid_credentials', message: 'Those details are wrong!' });
    const wrong = await http().post('/login/').send({ email: 'nobody@example.ie', password: PASSWORD, username: 'nobody@example.ie' }).expect(401);
    expect(wrong.body).toEqual(login.body);

    const outsider = await signIn(ctx.t, 'member', 'made-in-db@example.ie');
    for (const path of ['/api/me/', ...READS]) {
      const res = await http().get(path).set(bearer(outsider.token)).expect(403);
      expect(res.body).toMatchObject({ code: 'stage_only' });
    }
    await http().post('/api/posts/').set(bearer(outsider.token)).send({ title: 'Outsider', category: 1, tag_slug: 'cork' }).expect(403);
    // The stage key does not lift a refused token.
    await http().get('/api/posts/').set(bearer(outsider.token)).set('X-Stage-Key', KEY).expect(403);
  });

  it('lets admins in', async () => {
    const admin = await signIn(ctx.t, 'admin', 'boss@example.ie');
    await http().get('/api/posts/').set(bearer(admin.token)).expect(200);
    await http().get('/api/admin/listings').set(bearer(admin.token)).expect(200);
  });
});
