import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PhotoSweeper } from '../src/modules/posts/photo-sweeper';
import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert } from './support/fixtures';

/**
 * A listing an admin hid is gone for its owner, for writes as for reads (404), and its picture files go with the
 * hiding: every hidden listing has the one reserved slug_extract the files would be named after.
 */
describe('writes to an admin-hidden listing', () => {
  let t: TestApp;
  let storage: string;
  let owner: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  let slug: string;
  let id: number;
  const withToken = <R extends { set: (h: Record<string, string>) => R }>(req: R, token: string | null): R => (token ? req.set(auth(token)) : req);
  const image = () => sharp({ create: { width: 900, height: 700, channels: 3, background: '#2266aa' } }).jpeg().toBuffer();
  const upload = async (token: string | null, ref = slug) => withToken(t.http().put(`/api/posts/${ref}/photo/`), token).attach('photo', await image(), { filename: 'p.jpg', contentType: 'image/jpeg' });
  const files = (name: string) => (existsSync(join(storage, 'library')) ? readdirSync(join(storage, 'library')).filter((f) => f.startsWith(`${name}-one-`)) : []);
  const hide = (hidden: boolean) => t.http().put(`/api/admin/listings/${id}`).set(auth(admin.token)).send({ hidden }).expect(200);

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'directory-hidden-writes-'));
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN, STORAGE_DIR: storage });
    await resetDatabase(t.ds);
    owner = await signIn(t, 'member', 'hidden-owner@example.ie');
    other = await signIn(t, 'member', 'hidden-other@example.ie');
    admin = await signIn(t, 'admin', 'hidden-admin@example.ie');
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'organists', 'Organists')] });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(storage, { recursive: true, force: true });
  });

  beforeEach(async () => {
    const made = await t.http().post('/api/posts/').set(auth(owner.token)).send({ title: `Guarded Organist ${Date.now()}`, category: 1, tag_slug: 'cork', status: 'draft' }).expect(201);
    ({ slug, id } = made.body);
    expect((await upload(owner.token)).status).toBe(200);
    expect(files(slug)).toHaveLength(11);
  });

  it('removes the picture files when an admin hides the listing, so its old URLs answer 404', async () => {
    await hide(true);
    expect(files(slug)).toEqual([]);
    await t.http().get(`/storage/library/${slug}-one-680x588.webp`).expect(404);
    // Shown again, it takes a new photo under its own name.
    await hide(false);
    expect((await upload(owner.token)).status).toBe(200);
    expect(files(slug)).toHaveLength(11);
  });

  it('removes them too when an admin hides it through the control panel route (slug_extract)', async () => {
    await t.http().put(`/api/posts/${slug}/`).set(auth(admin.token)).send({ slug_extract: HIDDEN }).expect(200);
    expect(files(slug)).toEqual([]);
  });

  const writes: [string, (token: string | null) => Promise<{ status: number; body: { code?: string } }>][] = [
    ['PUT /api/posts/{slug}', async (token) => withToken(t.http().put(`/api/posts/${slug}/`), token).send({ content: 'Still here' })],
    ['PUT /api/posts/{id}', async (token) => withToken(t.http().put(`/api/posts/${id}/`), token).send({ price: 'free' })],
    ['PUT /api/posts/{slug}/photo', (token) => upload(token)],
    ['DELETE /api/posts/{slug}', async (token) => withToken(t.http().delete(`/api/posts/${slug}/`), token)],
    ['POST /api/videos', async (token) => withToken(t.http().post('/api/videos/'), token).send({ postId: id, url: 'https://youtu.be/dQw4w9WgXcQ' })],
    ['POST /api/audios', async (token) => withToken(t.http().post('/api/audios/'), token).send({ postId: id, url: 'https://soundcloud.com/a/b' })],
  ];

  it.each(writes)('%s while hidden: anonymous 401, another member 404, the owner 404, an admin allowed', async (name, call) => {
    await hide(true);
    expect((await call(null)).status).toBe(401);
    for (const member of [other, owner]) {
      const refused = await call(member.token);
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 404, code: 'post_not_found' });
    }
    // The owner's photo wrote nothing, under the reserved name least of all.
    expect(files(HIDDEN)).toEqual([]);
    const admins = await call(admin.token);
    if (name.endsWith('/photo')) {
      // Files are named after the slug_extract, which every hidden listing shares: not even an admin writes one.
      expect({ status: admins.status, code: admins.body.code }).toEqual({ status: 409, code: 'photo_while_hidden' });
      expect(files(HIDDEN)).toEqual([]);
    } else {
      expect(admins.status).toBeLessThan(300);
    }
  });

  it('lets the owner write again once the listing is shown again', async () => {
    await hide(true);
    await t.http().put(`/api/posts/${slug}/`).set(auth(owner.token)).send({ content: 'Hidden' }).expect(404);
    await hide(false);
    const res = await t.http().put(`/api/posts/${slug}/`).set(auth(owner.token)).send({ content: 'Back' }).expect(200);
    expect(res.body.content).toBe('Back');
  });

  it('sweeps away files left under the reserved hidden name', async () => {
    mkdirSync(join(storage, 'library'), { recursive: true });
    writeFileSync(join(storage, 'library', `${HIDDEN}-one-680x588.webp`), await image());
    await hide(true);
    expect(await t.app.get(PhotoSweeper).sweep()).toContain(HIDDEN);
    expect(files(HIDDEN)).toEqual([]);
  });
});
