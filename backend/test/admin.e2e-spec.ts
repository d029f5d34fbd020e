import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CROSFHOCAL_ANSWER_FIELDS } from '@directory/domain';
import sharp from 'sharp';
import { AuditEntryEntity } from '../src/modules/admin/audit/audit-entry.entity';
import { ContactMessageEntity } from '../src/modules/contact/contact-message.entity';
import { CrosfhocalEntryEntity } from '../src/modules/crosfhocal/crosfhocal-entry.entity';
import { EnquiryEntity } from '../src/modules/enquiries/enquiry.entity';
import { MailOutboxEntity } from '../src/infra/mail/mail-outbox.entity';
import { PostEntity } from '../src/modules/posts/post.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/** The back office API (/api/admin/...): ra-data-simple-rest's dialect, admins only, every change audited. */
describe('admin API', () => {
  let t: TestApp;
  let admin: { user: UserEntity; token: string };
  let member: { user: UserEntity; token: string };
  let ids: Record<string, number>;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token = admin.token) => t.http().get(path).set(as(token));
  const q = (o: Record<string, unknown>) => `?${Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&')}`;
  const audits = (resource: string) => t.ds.getRepository(AuditEntryEntity).find({ where: { resource }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    admin = await signIn(t, 'admin', 'boss@example.ie');
    member = await signIn(t, 'member', 'aoife@example.ie');
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'organists', 'Organists'), category(2, 'singers', 'Singers')],
      posts: [
        post('alpha-organ', 1, 'cork', { ownerId: member.user.id }),
        post('bravo-voice', 2, 'dublin'),
        post('charlie-hidden', 1, 'cork', { slugExtract: HIDDEN }),
        post('delta-draft', 2, 'galway', { status: 'draft', ownerId: member.user.id }),
      ],
      articles: [{ title: 'First', slug: 'first', excerpt: '', content: '<p>x</p>', status: 'publish', publishedAt: new Date() }],
    });
    await t.ds.getRepository(EnquiryEntity).insert({ postId: ids['alpha-organ'], name: 'Seán', email: 's@example.ie', venue: '', message: 'Hello there' });
    await t.ds.getRepository(ContactMessageEntity).insert({ firstName: 'Máire', lastName: 'Ní', email: 'm@example.ie', message: 'Hi' });
    await t.ds.getRepository(CrosfhocalEntryEntity).insert({
      firstName: '=cmd',
      lastName: 'Óg',
      email: 'x@example.ie',
      school: 'Scoil, "Naomh"',
      subscribe: true,
      ...Object.fromEntries(CROSFHOCAL_ANSWER_FIELDS.map((f) => [f, 'abc'])),
    } as Partial<CrosfhocalEntryEntity>);
    await t.ds.getRepository(MailOutboxEntity).insert([
      { recipient: 'dead@example.ie', subject: 'Dead', textBody: 'b', attempts: 10, nextAttemptAt: new Date(), lastError: 'refused' },
      { recipient: 'ok@example.ie', subject: 'Sent', textBody: '', attempts: 1, nextAttemptAt: new Date(), sentAt: new Date() },
    ]);
  });
  afterAll(() => t?.close());

  const LISTS = ['users', 'listings', 'categories', 'articles', 'enquiries', 'contact-messages', 'crossword-entries', 'mail-outbox', 'audit-log'];

  describe.each(LISTS)('/api/admin/%s', (resource) => {
    it('answers 401 to anonymous callers and 403 to members', async () => {
      await t.http().get(`/api/admin/${resource}`).expect(401);
      const res = await get(`/api/admin/${resource}`, member.token).expect(403);
      expect(res.body.code).toBe('role_not_allowed');
    });

    it('lists with Content-Range, sort and range, and filters by many ids', async () => {
      const all = await get(`/api/admin/${resource}${q({ sort: ['id', 'ASC'], range: [0, 99] })}`).expect(200);
      const total = all.body.length;
      expect(all.headers['content-range']).toBe(`${resource} 0-${Math.max(total - 1, 0)}/${total}`);
      const sorted = all.body.map((r: { id: number }) => r.id);
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
      if (total < 2) return;
      const page = await get(`/api/admin/${resource}${q({ sort: ['id', 'DESC'], range: [1, 1] })}`).expect(200);
      expect(page.headers['content-range']).toBe(`${resource} 1-1/${total}`);
      expect(page.body.map((r: { id: number }) => r.id)).toEqual([sorted[total - 2]]);
      const many = await get(`/api/admin/${resource}${q({ filter: { id: [sorted[0], sorted[total - 1]] } })}`).expect(200);
      expect(many.body.map((r: { id: number }) => r.id).sort()).toEqual([sorted[0], sorted[total - 1]].sort());
      expect(many.headers['content-range']).toMatch(new RegExp(`/2$`));
    });

    it('names the field at fault for a bad sort, range or filter', async () => {
      for (const [query, field] of [
        ['?sort=["nope","ASC"]', 'sort'],
        ['?range=[5,1]', 'range'],
        ['?filter=[1]', 'filter'],
        ['?filter={"nope":1}', 'filter'],
        ['?filter=notjson', 'filter'],
      ]) {
        const res = await get(`/api/admin/${resource}${query}`).expect(400);
        expect(res.body.field).toBe(field);
      }
    });

    it('answers one record by id, and 404 for an unknown one', async () => {
      const [first] = (await get(`/api/admin/${resource}`).expect(200)).body;
      if (first) expect((await get(`/api/admin/${resource}/${first.id}`).expect(200)).body.id).toBe(first.id);
      expect((await get(`/api/admin/${resource}/999999`).expect(404)).body.code).toBe('record_not_found');
      await t.http().get(`/api/admin/${resource}/1`).expect(401);
      await get(`/api/admin/${resource}/1`, member.token).expect(403);
    });
  });

  describe('users', () => {
    it('searches by email or name and filters by role', async () => {
      const byName = await get(`/api/admin/users${q({ filter: { q: 'AOIFE' } })}`).expect(200);
      expect(byName.body.map((u: { email: string }) => u.email)).toEqual(['aoife@example.ie']);
      const admins = await get(`/api/admin/users${q({ filter: { role: 'admin' } })}`).expect(200);
      expect(admins.body.map((u: { email: string }) => u.email)).toEqual(['boss@example.ie']);
    });

    it('edits names, email, role and flags, recording before and after', async () => {
      const res = await t.http().put(`/api/admin/users/${member.user.id}`).set(as(admin.token)).send({ first_name: 'Aoife', email: 'Aoife.New@Example.ie', password_change_needed: true }).expect(200);
      expect(res.body).toMatchObject({ first_name: 'Aoife', email: 'aoife.new@example.ie', password_change_needed: true, role: 'member' });
      const [entry] = (await audits('users')).slice(-1);
      expect(entry).toMatchObject({ adminId: admin.user.id, adminEmail: 'boss@example.ie', action: 'update', recordId: String(member.user.id) });
      expect(JSON.parse(entry.before!)).toMatchObject({ email: 'aoife@example.ie', password_change_needed: false });
      expect(JSON.parse(entry.after!)).toMatchObject({ email: 'aoife.new@example.ie', password_change_needed: true });
      await t.http().put(`/api/admin/users/${member.user.id}`).set(as(admin.token)).send({ password_change_needed: false }).expect(200);
    });

    it('refuses free for life on the church site, bad fields, taken emails, and acting on its own account', async () => {
      expect((await t.http().put(`/api/admin/users/${member.user.id}`).set(as(admin.token)).send({ free_for_life: true }).expect(400)).body.field).toBe('free_for_life');
      expect((await t.http().put(`/api/admin/users/${member.user.id}`).set(as(admin.token)).send({ role: 'king' }).expect(400)).body.field).toBe('role');
      expect((await t.http().put(`/api/admin/users/${member.user.id}`).set(as(admin.token)).send({ id: 5 }).expect(400)).body.field).toBe('id');
      expect((await t.http().put(`/api/admin/users/${member.user.id}`).set(as(admin.token)).send({ email: 'boss@example.ie' }).expect(409)).body.code).toBe('email_taken');
      expect((await t.http().put(`/api/admin/users/${admin.user.id}`).set(as(admin.token)).send({ disabled: true }).expect(400)).body.code).toBe('own_account');
      await t.http().put(`/api/admin/users/${member.user.id}`).send({ first_name: 'X' }).expect(401);
      await t.http().put(`/api/admin/users/${member.user.id}`).set(as(member.token)).send({ first_name: 'X' }).expect(403);
    });

    it('a disabled user can no longer use their access token; enabling gives the account back', async () => {
      const other = await signIn(t, 'member', 'disable-me@example.ie');
      await t.http().get('/api/me/').set(as(other.token)).expect(200);
      await t.http().put(`/api/admin/users/${other.user.id}`).set(as(admin.token)).send({ disabled: true }).expect(200);
      await t.http().get('/api/me/').set(as(other.token)).expect(401);
      const row = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: other.user.id });
      expect(row).toMatchObject({ disabled: true, tokenVersion: 1 });
    });

    it('deletes a user with their listings, recording the account as it was', async () => {
      const gone = await signIn(t, 'member', 'leaving@example.ie');
      await insert(t.ds, { posts: [post('leaving-post', 1, 'kerry', { ownerId: gone.user.id })] });
      await t.http().delete(`/api/admin/users/${gone.user.id}`).set(as(member.token)).expect(403);
      const res = await t.http().delete(`/api/admin/users/${gone.user.id}`).set(as(admin.token)).expect(200);
      expect(res.body.email).toBe('leaving@example.ie');
      expect(await t.ds.getRepository(UserEntity).findOneBy({ id: gone.user.id })).toBeNull();
      expect(await t.ds.getRepository(PostEntity).findOneBy({ slug: 'leaving-post' })).toBeNull();
      const [entry] = (await audits('users')).slice(-1);
      expect(entry).toMatchObject({ action: 'delete', recordId: String(gone.user.id), after: null });
      await t.http().delete(`/api/admin/users/${gone.user.id}`).set(as(admin.token)).expect(404);
      expect((await t.http().delete(`/api/admin/users/${admin.user.id}`).set(as(admin.token)).expect(400)).body.code).toBe('own_account');
    });
  });

  describe('listings', () => {
    it('lists every status and filters by status, category, county, owner and hidden', async () => {
      const slugs = async (filter: object) => (await get(`/api/admin/listings${q({ filter, sort: ['slug', 'ASC'] })}`).expect(200)).body.map((p: { slug: string }) => p.slug);
      expect(await slugs({})).toEqual(['alpha-organ', 'bravo-voice', 'charlie-hidden', 'delta-draft']);
      expect(await slugs({ status: 'draft' })).toEqual(['delta-draft']);
      expect(await slugs({ category_id: 1 })).toEqual(['alpha-organ', 'charlie-hidden']);
      const cork = (await get(`/api/admin/listings/${ids['alpha-organ']}`).expect(200)).body.county_id;
      expect(await slugs({ county_id: cork })).toEqual(['alpha-organ', 'charlie-hidden']);
      expect(await slugs({ owner_id: member.user.id })).toEqual(['alpha-organ', 'delta-draft']);
      expect(await slugs({ hidden: true })).toEqual(['charlie-hidden']);
      expect(await slugs({ hidden: false, status: ['publish', 'draft'] })).toEqual(['alpha-organ', 'bravo-voice', 'delta-draft']);
      expect(await slugs({ q: 'BRAVO' })).toEqual(['bravo-voice']);
    });

    it('hides a listing from the public and unhides it with its image name back, both audited', async () => {
      const id = ids['alpha-organ'];
      await t.http().post(`/api/admin/listings/${id}/hide`).expect(401);
      await t.http().post(`/api/admin/listings/${id}/hide`).set(as(member.token)).expect(403);
      const hidden = await t.http().post(`/api/admin/listings/${id}/hide`).set(as(admin.token)).expect(200);
      expect(hidden.body).toMatchObject({ hidden: true, slug_extract: HIDDEN });
      await t.http().get(`/api/posts/${id}/`).expect(404);
      const shown = await t.http().post(`/api/admin/listings/${id}/unhide`).set(as(admin.token)).expect(200);
      expect(shown.body).toMatchObject({ hidden: false, slug_extract: 'alpha-organ' });
      await t.http().get(`/api/posts/${id}/`).expect(200);
      expect((await audits('listings')).slice(-2).map((a) => a.action)).toEqual(['hide', 'unhide']);
    });

    it('parallel hides of one listing still unhide to its own image name', async () => {
      const id = ids['delta-draft'];
      await t.ds.getRepository(PostEntity).update({ id }, { slugExtract: 'delta-photos' });
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.http().post(`/api/admin/listings/${id}/hide`).set(as(admin.token))));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const res = await t.http().post(`/api/admin/listings/${id}/unhide`).set(as(admin.token)).expect(200);
      expect(res.body).toMatchObject({ hidden: false, slug_extract: 'delta-photos' });
    });

    it('unhides a listing hidden before the back office with its slug as image name', async () => {
      const res = await t.http().put(`/api/admin/listings/${ids['charlie-hidden']}`).set(as(admin.token)).send({ hidden: false }).expect(200);
      expect(res.body.slug_extract).toBe('charlie-hidden');
      await t.http().put(`/api/admin/listings/${ids['charlie-hidden']}`).set(as(admin.token)).send({ hidden: true }).expect(200);
    });

    it('edits any field, refusing unknown categories, taken slugs and bad values by name', async () => {
      const id = ids['bravo-voice'];
      const res = await t.http().put(`/api/admin/listings/${id}`).set(as(admin.token)).send({ title: 'Bravo Voice', status: 'private', price: 'free', owner_id: member.user.id }).expect(200);
      expect(res.body).toMatchObject({ title: 'Bravo Voice', status: 'private', price: 'free', owner_id: member.user.id });
      expect((await t.http().put(`/api/admin/listings/${id}`).set(as(admin.token)).send({ category_id: 99 }).expect(400)).body.field).toBe('category_id');
      expect((await t.http().put(`/api/admin/listings/${id}`).set(as(admin.token)).send({ slug: 'alpha-organ' }).expect(409)).body.code).toBe('slug_taken');
      expect((await t.http().put(`/api/admin/listings/${id}`).set(as(admin.token)).send({ status: 'gone' }).expect(400)).body.field).toBe('status');
      await t.http().put(`/api/admin/listings/${id}`).set(as(admin.token)).send({ status: 'publish' }).expect(200);
      expect((await audits('listings')).slice(-1)[0].action).toBe('update');
    });
  });

  describe('categories and articles', () => {
    it('creates, edits (icon SVG sanitised) and deletes a category; a category in use is kept', async () => {
      const created = await t.http().post('/api/admin/categories').set(as(admin.token)).send({ id: 7, name: 'Harpists', slug: 'harpists', svg_path: '<svg onload="x()"><script>x()</script><path d="M0 0"/></svg>' }).expect(201);
      expect(created.body).toMatchObject({ id: 7, name: 'Harpists', name_abbrev: 'Harpists' });
      expect(created.body.svg_path).not.toMatch(/script|onload/);
      await t.http().put('/api/admin/categories/7').set(as(admin.token)).send({ name_abbrev: 'Harp' }).expect(200);
      expect((await t.http().get('/api/categories/').expect(200)).body.map((c: { slug: string }) => c.slug)).toContain('harpists');
      await t.http().delete('/api/admin/categories/7').set(as(admin.token)).expect(200);
      expect((await t.http().delete('/api/admin/categories/1').set(as(admin.token)).expect(400)).body.field).toBe('id');
      expect((await audits('categories')).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
      await t.http().post('/api/admin/categories').set(as(member.token)).send({ id: 8, name: 'X', slug: 'x' }).expect(403);
      // A new category needs its name and slug (an update may leave them out).
      expect((await t.http().post('/api/admin/categories').set(as(admin.token)).send({ id: 8, slug: 'x' }).expect(400)).body.field).toBe('name');
      expect((await t.http().post('/api/admin/categories').set(as(admin.token)).send({ id: 8, name: 'X' }).expect(400)).body.field).toBe('slug');
    });

    it('creates an article with sanitised HTML, publishes and deletes it', async () => {
      const res = await t.http().post('/api/admin/articles').set(as(admin.token)).send({ title: 'Choosing a choir', slug: 'choosing-a-choir', content: '<p onclick="x()">Hi<script>bad()</script></p>' }).expect(201);
      expect(res.body).toMatchObject({ status: 'draft', content: '<p>Hi</p>' });
      await t.http().get('/api/articles/choosing-a-choir/').expect(404);
      await t.http().put(`/api/admin/articles/${res.body.id}`).set(as(admin.token)).send({ status: 'publish' }).expect(200);
      await t.http().get('/api/articles/choosing-a-choir/').expect(200);
      expect((await t.http().post('/api/admin/articles').set(as(admin.token)).send({ title: 'Again', slug: 'choosing-a-choir' }).expect(409)).body.code).toBe('slug_taken');
      // A new article needs its title and slug (an update may leave them out).
      expect((await t.http().post('/api/admin/articles').set(as(admin.token)).send({ slug: 'untitled' }).expect(400)).body.field).toBe('title');
      expect((await t.http().post('/api/admin/articles').set(as(admin.token)).send({ title: 'No slug' }).expect(400)).body.field).toBe('slug');
      const small = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } }).png().toBuffer();
      const { image } = (await t.http().put(`/api/admin/articles/${res.body.id}/cover`).set(as(admin.token)).set('Content-Type', 'image/png').send(small).expect(200)).body;
      const files = [image, ...[320, 480, 640, 800, 960].map((w) => image.replace(/\.webp$/, `-${w}w.webp`))].map((f) => join(t.config.storageDir, 'article-assets', f));
      expect(files.every((f) => existsSync(f))).toBe(true);
      await t.http().delete(`/api/admin/articles/${res.body.id}`).set(as(admin.token)).expect(200);
      // The cover and its narrower copies go with the article.
      expect(files.some((f) => existsSync(f))).toBe(false);
      expect((await audits('articles')).map((a) => a.action)).toEqual(['create', 'update', 'cover', 'delete']);
    });
  });

  it('takes an article cover photo as the raw file, over 1 MB, cropped to 1200x630 WebP; other bodies and routes refuse images', async () => {
    const [article] = (await get('/api/admin/articles').expect(200)).body;
    // Noise does not compress: about 2.4 MB of PNG, more than a JSON body may be.
    const noise = await sharp(randomBytes(1000 * 800 * 3), { raw: { width: 1000, height: 800, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const cover = (type: string, body: Buffer, token = admin.token) => t.http().put(`/api/admin/articles/${article.id}/cover`).set(as(token)).set('Content-Type', type).send(body);
    await t.http().put(`/api/admin/articles/${article.id}/cover`).set('Content-Type', 'image/png').send(noise).expect(401);
    await cover('image/png', noise, member.token).expect(403);
    const res = await cover('image/png', noise).expect(200);
    expect(res.body.image).toMatch(/^first-[0-9a-f]{8}\.webp$/);
    const stored = await t.http().get(`/storage/article-assets/${res.body.image}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(await sharp(stored.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    // Its narrower copies for srcset are written with it; a replaced cover's files are removed.
    const copy = (name: string, w: number) => join(t.config.storageDir, 'article-assets', name.replace(/\.webp$/, `-${w}w.webp`));
    expect(await sharp(readFileSync(copy(res.body.image, 640))).metadata()).toMatchObject({ format: 'webp', width: 640, height: 336 });
    const next = await cover('image/png', noise).expect(200);
    expect([320, 480, 640, 800, 960].every((w) => existsSync(copy(next.body.image, w)))).toBe(true);
    expect([320, 480, 640, 800, 960].some((w) => existsSync(copy(res.body.image, w)))).toBe(false);
    expect(existsSync(join(t.config.storageDir, 'article-assets', res.body.image))).toBe(false);
    expect((await cover('image/jpeg', Buffer.from('not a picture')).expect(400)).body.field).toBe('file');
    expect((await cover('text/plain', Buffer.from('x')).expect(415)).body.code).toBe('unsupported_media_type');
    await t.http().put(`/api/admin/articles/${article.id}`).set(as(admin.token)).set('Content-Type', 'image/png').send(noise.subarray(0, 1000)).expect(415);
    expect((await audits('articles')).slice(-1)[0].action).toBe('cover');
  });

  describe('records visitors sent', () => {
    it('exports crossword entries as CSV with formulas defused', async () => {
      await t.http().get('/api/admin/crossword-entries/export.csv').expect(401);
      await t.http().get('/api/admin/crossword-entries/export.csv').set(as(member.token)).expect(403);
      const res = await get('/api/admin/crossword-entries/export.csv').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const [header, row] = res.text.trim().split('\r\n');
      expect(header).toBe(['id', 'first_name', 'last_name', 'email', 'school', 'subscribe', ...CROSFHOCAL_ANSWER_FIELDS, 'created_at'].join(','));
      expect(row).toContain(`"'=cmd",Óg,x@example.ie,"Scoil, ""Naomh""",true`);
    });

    it('lists failed and dead mail and retries a dead message', async () => {
      const dead = await get(`/api/admin/mail-outbox${q({ filter: { state: 'dead' } })}`).expect(200);
      expect(dead.body.map((m: { recipient: string }) => m.recipient)).toEqual(['dead@example.ie']);
      expect((await get(`/api/admin/mail-outbox${q({ filter: { state: 'lost' } })}`).expect(400)).body.field).toBe('filter');
      await t.http().post(`/api/admin/mail-outbox/${dead.body[0].id}/retry`).set(as(member.token)).expect(403);
      const res = await t.http().post(`/api/admin/mail-outbox/${dead.body[0].id}/retry`).set(as(admin.token)).expect(200);
      expect(res.body).toMatchObject({ attempts: 0 });
      expect((await audits('mail-outbox')).map((a) => a.action)).toEqual(['retry']);
      const sent = (await get(`/api/admin/mail-outbox${q({ filter: { state: 'sent' } })}`).expect(200)).body[0];
      expect((await t.http().post(`/api/admin/mail-outbox/${sent.id}/retry`).set(as(admin.token)).expect(400)).body.field).toBe('id');
    });

    it('filters enquiries by listing', async () => {
      const res = await get(`/api/admin/enquiries${q({ filter: { post_id: ids['alpha-organ'] } })}`).expect(200);
      expect(res.body).toEqual([expect.objectContaining({ name: 'Seán', message: 'Hello there' })]);
    });
  });

  describe('stats', () => {
    it('answers 12 zero-filled months oldest first and the top listings', async () => {
      await t.http().get('/api/admin/stats/').expect(401);
      await t.http().get('/api/admin/stats/').set(as(member.token)).expect(403);
      const today = new Date().toISOString().slice(0, 10);
      await t.ds.query('INSERT INTO stat_days (post_id, kind, day, total) VALUES (?, ?, ?, ?), (?, ?, ?, ?)', [ids['bravo-voice'], 'view', today, 7, ids['alpha-organ'], 'view', today, 3]);
      const res = await get('/api/admin/stats/').expect(200);
      expect(res.body.months).toHaveLength(12);
      const month = today.slice(0, 7);
      expect(res.body.months[11]).toMatchObject({ month, profile_views: 10, enquiries: 1 });
      expect(res.body.months[11].sign_ups).toBeGreaterThanOrEqual(2);
      expect(res.body.months[0]).toMatchObject({ profile_views: 0, enquiries: 0, sign_ups: 0 });
      expect(res.body.top_by_views.map((p: { slug: string; total: number }) => [p.slug, p.total])).toEqual([['bravo-voice', 7], ['alpha-organ', 3]]);
      expect(res.body.top_by_enquiries).toEqual([expect.objectContaining({ slug: 'alpha-organ', total: 1 })]);
    });
  });

  it('the audit log is read-only', async () => {
    const [first] = (await get('/api/admin/audit-log').expect(200)).body;
    expect(first).toMatchObject({ admin_email: 'boss@example.ie' });
    await t.http().put(`/api/admin/audit-log/${first.id}`).set(as(admin.token)).send({ action: 'x' }).expect(404);
    await t.http().delete(`/api/admin/audit-log/${first.id}`).set(as(admin.token)).expect(404);
  });
});
