import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { RequestException } from '../src/common/domain.exception';
import { nullAllowed } from '../src/common/nullable';
import { SimpleRestQueryDto } from '../src/common/simple-rest';
import { createValidationPipe } from '../src/common/validation.pipe';
import { UserEntity } from '../src/modules/users/user.entity';
import { apiRoutes } from './support/routes';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, insert, post } from './support/fixtures';

/** Input no route expects answers a 400 naming what is wrong, never a 500. */
describe('bad input', () => {
  let t: TestApp;
  let admin: { user: UserEntity; token: string };
  let member: { user: UserEntity; token: string };
  let ids: Record<string, number>;
  let articleId: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    admin = await signIn(t, 'admin', 'bad-input-admin@example.ie');
    member = await signIn(t, 'member', 'bad-input-member@example.ie');
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'organists', 'Organists'), category(2, 'singers', 'Singers')],
      posts: [post('alpha-organ', 1, 'cork', { ownerId: member.user.id, youtube1_id: 'dQw4w9WgXcQ' } as never), post('bravo-voice', 2, 'dublin', { ownerId: member.user.id })],
      articles: [{ title: 'First', slug: 'first', excerpt: 'Short', content: '<p>x</p>', author: 'Aoife', status: 'publish', publishedAt: new Date() }],
    });
    articleId = (await t.ds.query('SELECT id FROM articles'))[0].id;
  });
  afterAll(() => t?.close());

  describe('null for a field', () => {
    const put = (path: string, body: object, token = admin.token) => t.http().put(path).set(as(token)).send(body);

    it.each([
      ['member', '/api/users/:me', { first_name: null }, 'first_name'],
      ['member', '/api/users/:me', { email: null }, 'email'],
      ['member', '/api/posts/alpha-organ', { price: null }, 'price'],
      ['member', '/api/posts/alpha-organ', { title: null }, 'title'],
      ['member', '/api/posts/alpha-organ', { category: null }, 'category'],
      ['member', '/api/posts/alpha-organ', { tag_slug: null }, 'tag_slug'],
      ['member', '/api/posts/alpha-organ', { vitals: null }, 'vitals'],
      ['admin', '/api/admin/users/:me', { first_name: null }, 'first_name'],
      ['admin', '/api/admin/users/:me', { role: null }, 'role'],
      ['admin', '/api/admin/listings/:post', { title: null }, 'title'],
      ['admin', '/api/admin/listings/:post', { county_id: null }, 'county_id'],
      ['admin', '/api/admin/listings/:post', { hidden: null }, 'hidden'],
      ['admin', '/api/admin/categories/1', { name_abbrev: null }, 'name_abbrev'],
      ['admin', '/api/admin/categories/1', { is_primary: null }, 'is_primary'],
      ['admin', '/api/admin/articles/:article', { published_at: null }, 'published_at'],
      ['admin', '/api/admin/articles/:article', { title: null }, 'title'],
    ])('%s PUT %s %j: 400 naming the field, nothing changed', async (who, path, body, field) => {
      const caller = who === 'admin' ? admin : member;
      const at = path.replace(':me', String(caller.user.id)).replace(':post', String(ids['alpha-organ'])).replace(':article', String(articleId));
      const res = await put(at, body, caller.token).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field });
    });

    it('is refused in POST /api/posts for a field that needs a value', async () => {
      const res = await t.http().post('/api/posts').set(as(member.token)).send({ title: 'Harp for weddings', price: null }).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field: 'price', message: 'price must not be null' });
    });

    it('clears the control panel fields that may be empty, as an empty text does', async () => {
      const created = await t.http().post('/api/posts').set(as(member.token)).send({ title: 'Harp for weddings', youtube1_id: null, content: null }).expect(201);
      // An empty video link is stored as none.
      expect(created.body).toMatchObject({ youtube1_id: null, content: '' });
      const res = await put('/api/posts/alpha-organ', { youtube1_id: null, featured_audio_url: null, content: null, vitals: { area: null, latitude: null, longitude: null } }, member.token).expect(200);
      expect(res.body).toMatchObject({ youtube1_id: null, featured_audio_url: null, content: '', vitals: { area: '', latitude: null, longitude: null } });
    });

    it('clears what the admin app empties (it sends null for an emptied input)', async () => {
      const category = await put('/api/admin/categories/1', { svg_path: null, description: null }).expect(200);
      expect(category.body).toMatchObject({ svg_path: '', description: '' });
      const listing = await put(`/api/admin/listings/${ids['alpha-organ']}`, { area: null, content: null, owner_id: null, youtube1_id: null, latitude: null }).expect(200);
      expect(listing.body).toMatchObject({ area: '', content: '', owner_id: null, youtube1_id: null, latitude: null });
      const article = await put(`/api/admin/articles/${articleId}`, { excerpt: null, author: null, content: null }).expect(200);
      expect(article.body).toMatchObject({ excerpt: '', author: '', content: '' });
    });

    // The rule holds for every route's body, those added later included: an optional field without a stated meaning
    // for null refuses it before anything reads it.
    it('is refused by every body DTO for every optional field that does not say what null means', async () => {
      const pipe = createValidationPipe();
      const checked: string[] = [];
      const dtos = new Set(apiRoutes(t.app).flatMap((r) => (r.body ? [r.body] : [])));
      for (const dto of dtos) {
        const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
        const optional = new Set(rules.filter((r) => r.type === ValidationTypes.CONDITIONAL_VALIDATION).map((r) => r.propertyName));
        for (const field of optional) {
          checked.push(`${dto.name}.${field}`);
          const refused = await Promise.resolve(pipe.transform({ [field]: null }, { type: 'body', metatype: dto })).then(
            () => false,
            (err: unknown) => (err as RequestException).details.errors?.some((e) => e.field === field) ?? false,
          );
          if (refused) continue;
          // Accepted: the field states that null clears it, to the empty text or to NULL.
          const instance = plainToInstance(dto, { [field]: null }) as Record<string, unknown>;
          expect({ field: `${dto.name}.${field}`, clears: instance[field] === '' || (instance[field] === null && nullAllowed(instance, field)) }).toEqual({ field: `${dto.name}.${field}`, clears: true });
        }
      }
      expect(checked).toEqual(expect.arrayContaining(['AccountUpdateDto.first_name', 'NewPostInputDto.price', 'UpdateListingDto.owner_id']));
    });
  });

  describe('keys named after what every object has', () => {
    const BUILT_IN = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf', 'isPrototypeOf'];

    it.each(BUILT_IN)('%s in a body, at the top or nested, is refused as unknown', async (key) => {
      const put = (body: string) => t.http().put(`/api/users/${member.user.id}`).set(as(member.token)).set('Content-Type', 'application/json').send(body);
      // Raw text: JSON.stringify would not write __proto__ as a key of its own.
      const top = await put(`{"first_name":"Aoife","${key}":1}`).expect(400);
      expect(top.body).toMatchObject({ code: 'validation_failed', field: key, message: `property ${key} should not exist` });
      const nested = await t.http().put('/api/posts/alpha-organ').set(as(member.token)).set('Content-Type', 'application/json').send(`{"vitals":{"area":"Cork","${key}":{"x":1}}}`).expect(400);
      expect(nested.body).toMatchObject({ code: 'validation_failed', field: `vitals.${key}` });
      const me = await t.http().get('/api/me').set(as(member.token)).expect(200);
      expect(me.body.first_name).not.toBe('Aoife');
    });

    it.each(BUILT_IN)('%s as a query parameter is refused as unknown', async (key) => {
      const res = await t.http().get(`/api/posts/?${key}=1`).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field: key });
      const admin_ = await t.http().get(`/api/admin/users?${key}=x`).set(as(admin.token)).expect(400);
      expect(admin_.body).toMatchObject({ code: 'validation_failed', field: key });
    });
  });

  // Every admin list (ra-data-simple-rest's dialect), those added later included.
  describe('admin list parameters', () => {
    const lists = () => apiRoutes(t.app).filter((r) => r.method === 'GET' && r.query === SimpleRestQueryDto).map((r) => r.path);

    it.each([
      ['filter', '{"constructor":1}'],
      ['filter', '{"__proto__":1}'],
      ['filter', '{"hasOwnProperty":"x"}'],
      ['filter', '{"toString":[1]}'],
      ['filter', '{"id":[[]]}'],
      ['filter', '{"id":[{}]}'],
      ['filter', '{"id":{"a":1}}'],
      ['filter', '{"id":1e400}'],
      ['filter', '{"id":[1,-1e400]}'],
      ['range', '[1e20,1e20]'],
      ['range', '[0,1e20]'],
      ['range', '[2147483648,2147483648]'],
    ])('%s=%s answers 400 naming the parameter on every list', async (name, value) => {
      const paths = lists();
      expect(paths).toEqual(expect.arrayContaining(['/api/admin/users', '/api/admin/listings', '/api/admin/subscriptions']));
      for (const path of paths) {
        const res = await t.http().get(`${path}?${name}=${encodeURIComponent(value)}`).set(as(admin.token));
        expect({ path, status: res.status, code: res.body.code, field: res.body.field }).toEqual({ path, status: 400, code: 'validation_failed', field: name });
      }
    });

    it('still lists by many ids, by a value, and to the last row a range may name', async () => {
      const many = await t.http().get(`/api/admin/listings?filter=${encodeURIComponent(JSON.stringify({ id: [ids['alpha-organ'], 0] }))}`).set(as(admin.token)).expect(200);
      expect(many.body.map((r: { id: number }) => r.id)).toEqual([ids['alpha-organ']]);
      const one = await t.http().get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ role: 'admin', q: null }))}`).set(as(admin.token)).expect(200);
      expect(one.body.map((r: { id: number }) => r.id)).toEqual([admin.user.id]);
      const far = await t.http().get(`/api/admin/users?range=${encodeURIComponent('[2147483647,2147483647]')}`).set(as(admin.token)).expect(200);
      expect(far.body).toEqual([]);
    });
  });

  // XML cannot hold these characters even escaped; the art is an SVG drawn into WebP.
  it.each([
    ['U+FFFE', 'Bravo\ufffe Voice'],
    ['a control character', 'Bravo\u0001 Voice\u001b'],
  ])('draws the cover art of a title holding %s', async (_, title) => {
    const res = await t.http().put('/api/posts/bravo-voice').set(as(member.token)).send({ title }).expect(200);
    expect(res.body.title).toBe(title);
    const picture = await t.http().get('/storage/library/bravo-voice-one-680x588.webp').expect(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    await t.http().get('/storage/library/bravo-voice-one-931x550-320w.webp').expect(200);
  });
});
