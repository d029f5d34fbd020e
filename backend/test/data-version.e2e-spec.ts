import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { BillingRepository } from '../src/modules/billing/billing.repository';
import { DataVersion } from '../src/modules/data-version/data-version';
import { AccountDeletionService } from '../src/modules/users/account-deletion.service';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, insert, post } from './support/fixtures';

describe('GET /api/data-version/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church');
  });
  afterAll(() => t.close());

  it('answers the current version, never to be cached', async () => {
    const res = await t.http().get('/api/data-version/').expect(200);
    expect(res.body).toEqual({ version: expect.stringMatching(/^\d+$/) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('moves when a write commits, and not when its transaction rolls back', async () => {
    const before = BigInt((await t.http().get('/api/data-version/')).body.version);
    const version = t.app.get(DataVersion);
    await t.ds.transaction((m) => version.bump(m));
    expect(BigInt((await t.http().get('/api/data-version/')).body.version)).toBe(before + 1n);
    await expect(
      t.app.get(DataSource).transaction(async (m) => {
        await version.bump(m);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(BigInt((await t.http().get('/api/data-version/')).body.version)).toBe(before + 1n);
  });

  it('moves once for each of two parallel writes (the database adds, not the process)', async () => {
    const version = t.app.get(DataVersion);
    const before = BigInt(await version.current());
    await Promise.all([version.bump(), version.bump()]);
    expect(BigInt(await version.current())).toBe(before + 2n);
  });

  describe('every write that changes what visitors see moves it; a refused write does not', () => {
    let admin: string;
    let owner: { id: number; token: string };
    let ids: Record<string, number>;
    const as = (token: string) => ({ Authorization: `Bearer ${token}` });
    const version = async () => BigInt(await t.app.get(DataVersion).current());
    /** Runs a write and answers how far it moved the version. */
    const moved = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return Number((await version()) - before);
    };

    beforeAll(async () => {
      await resetDatabase(t.ds);
      admin = (await signIn(t, 'admin', 'boss@example.ie')).token;
      const member = await signIn(t, 'member', 'lister@example.ie');
      owner = { id: member.user.id, token: member.token };
      ids = await insert(t.ds, {
        counties: COUNTIES,
        categories: [category(1, 'organists', 'Organists'), category(2, 'singers', 'Singers')],
        posts: [post('alpha-organ', 1, 'cork', { ownerId: owner.id }), post('bravo-voice', 2, 'dublin'), post('charlie-draft', 2, 'cork', { status: 'draft', ownerId: owner.id })],
      });
    });

    it('listings: create, change, publish, photo, delete', async () => {
      let slug = '';
      expect(await moved(async () => (slug = (await t.http().post('/api/posts/').set(as(owner.token)).send({ title: 'New Organist' }).expect(201)).body.slug))).toBe(1);
      expect(await moved(() => t.http().put(`/api/posts/${slug}/`).set(as(owner.token)).send({ content: '<p>Hello</p>' }).expect(200))).toBe(1);
      expect(await moved(() => t.http().put('/api/posts/charlie-draft/').set(as(admin)).send({ status: 'publish' }).expect(200))).toBe(1);
      const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).jpeg().toBuffer();
      expect(await moved(() => t.http().put(`/api/posts/${slug}/photo/`).set(as(owner.token)).attach('photo', jpeg, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200))).toBe(1);
      expect(await moved(() => t.http().delete(`/api/posts/${slug}/`).set(as(owner.token)).expect(204))).toBe(1);
      // Refused: a category that does not exist, someone else's post, a photo of the wrong type.
      expect(await moved(() => t.http().put('/api/posts/alpha-organ/').set(as(owner.token)).send({ category: 999 }).expect(400))).toBe(0);
      expect(await moved(() => t.http().put('/api/posts/bravo-voice/').set(as(owner.token)).send({ content: 'x' }).expect(404))).toBe(0);
      expect(await moved(() => t.http().put('/api/posts/alpha-organ/photo/').set(as(owner.token)).attach('photo', Buffer.from('GIF89a'), { filename: 'p.gif', contentType: 'image/gif' }).expect(415))).toBe(0);
    });

    it('media: a video and an audio added and deleted', async () => {
      let video = 0;
      let audio = 0;
      expect(await moved(async () => (video = (await t.http().post('/api/videos/').set(as(owner.token)).send({ postId: ids['alpha-organ'], url: 'https://youtu.be/dQw4w9WgXcQ' }).expect(201)).body.id))).toBe(1);
      expect(await moved(async () => (audio = (await t.http().post('/api/audios/').set(as(owner.token)).send({ postId: ids['alpha-organ'], url: 'https://soundcloud.com/a/b' }).expect(201)).body.id))).toBe(1);
      expect(await moved(() => t.http().delete(`/api/videos/${video}/`).set(as(owner.token)).expect(204))).toBe(1);
      expect(await moved(() => t.http().delete(`/api/audios/${audio}/`).set(as(owner.token)).expect(204))).toBe(1);
      expect(await moved(() => t.http().post('/api/videos/').set(as(owner.token)).send({ postId: ids['bravo-voice'], url: 'https://youtu.be/dQw4w9WgXcQ' }).expect(404))).toBe(0);
    });

    it('the back office: listing edits, hide and unhide, categories and articles', async () => {
      const id = ids['bravo-voice'];
      expect(await moved(() => t.http().put(`/api/admin/listings/${id}`).set(as(admin)).send({ price: 'free' }).expect(200))).toBe(1);
      // A new title of a listing that shows cover art moves it twice: the title, then the picture's new `?v=`, written
      // only once the former art's files are gone (so no cache can keep the former art under the new URL).
      expect(await moved(() => t.http().put(`/api/admin/listings/${id}`).set(as(admin)).send({ title: 'Bravo Voices' }).expect(200))).toBe(2);
      expect(await moved(() => t.http().post(`/api/admin/listings/${id}/hide`).set(as(admin)).expect(200))).toBe(1);
      expect(await moved(() => t.http().post(`/api/admin/listings/${id}/unhide`).set(as(admin)).expect(200))).toBe(1);
      expect(await moved(() => t.http().post('/api/admin/categories').set(as(admin)).send({ id: 7, name: 'Harpists', slug: 'harpists' }).expect(201))).toBe(1);
      expect(await moved(() => t.http().put('/api/admin/categories/7').set(as(admin)).send({ name: 'Harp Players' }).expect(200))).toBe(1);
      expect(await moved(() => t.http().delete('/api/admin/categories/7').set(as(admin)).expect(200))).toBe(1);
      let article = 0;
      expect(await moved(async () => (article = (await t.http().post('/api/admin/articles').set(as(admin)).send({ title: 'News', slug: 'news', status: 'publish' }).expect(201)).body.id))).toBe(1);
      expect(await moved(() => t.http().put(`/api/admin/articles/${article}`).set(as(admin)).send({ title: 'More News' }).expect(200))).toBe(1);
      expect(await moved(() => t.http().delete(`/api/admin/articles/${article}`).set(as(admin)).expect(200))).toBe(1);
      // Refused: a slug taken by another category, a category still in use, a listing that does not exist.
      expect(await moved(() => t.http().put('/api/admin/categories/1').set(as(admin)).send({ slug: 'singers' }).expect(409))).toBe(0);
      expect(await moved(() => t.http().delete('/api/admin/categories/1').set(as(admin)).expect(400))).toBe(0);
      expect(await moved(() => t.http().post('/api/admin/listings/999999/hide').set(as(admin)).expect(404))).toBe(0);
    });

    it('billing unpublishing an ended subscriber\'s listings, only when there were some', async () => {
      const billing = t.app.get(BillingRepository);
      expect(await moved(() => billing.transaction((m) => billing.unpublishListings(m, owner.id)))).toBe(1);
      expect(await moved(() => billing.transaction((m) => billing.unpublishListings(m, owner.id)))).toBe(0);
    });

    it('an account deleted with its listings', async () => {
      const other = await signIn(t, 'member', 'gone@example.ie');
      expect(await moved(() => t.app.get(AccountDeletionService).deleteAccount(other.user.id))).toBe(0);
      expect(await moved(() => t.app.get(AccountDeletionService).deleteAccount(owner.id))).toBe(1);
    });
  });
});
