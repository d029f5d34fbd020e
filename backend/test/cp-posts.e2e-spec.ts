import { IMAGE_WIDTHS, srcset } from '@directory/domain';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { coverArtSpec, CoverArtRenderer } from '../src/infra/cover-art';
import { ListingPhotos } from '../src/infra/images';
import { PhotoSweeper } from '../src/modules/posts/photo-sweeper';
import { PostsRepository } from '../src/modules/posts/posts.repository';
import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { recountPostCounts, usePostCountsHidden } from '../src/database/post-counts';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/** Control panel: a member creates, changes, publishes, illustrates and deletes their listings. */
describe('control panel: listings', () => {
  let t: TestApp;
  let storage: string;
  let owner: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  const create = (token: string, body: Record<string, unknown>) => t.http().post('/api/posts/').set(auth(token)).send(body);
  const photoFile = (slugExtract: string, size: string) => join(storage, 'library', `${slugExtract}-one-${size}.webp`);
  /** Every file of a listing's set: the three sizes and their narrower copies (for srcset). */
  const ALL_FILES = ['680x588', '680x588-320w', '680x588-480w', '680x382', '680x382-320w', '680x382-480w', '931x550', '931x550-320w', '931x550-480w', '931x550-640w', '931x550-800w'];
  const image = (color: string, format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 1200, height = 900) =>
    sharp({ create: { width, height, channels: 3, background: color } })[format]().toBuffer();
  const upload = (token: string, slug: string, data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
    t.http().put(`/api/posts/${slug}/photo/`).set(auth(token)).attach('photo', data, { filename, contentType });
  /** The mean colour of a stored file, to tell which upload it came from. */
  const meanRed = async (file: string) => (await sharp(readFileSync(file)).stats()).channels[0].mean;

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'directory-cp-posts-'));
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN, STORAGE_DIR: storage });
    await resetDatabase(t.ds);
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers'), category(5, 'harpists', 'Harpists')] });
    owner = await signIn(t, 'member', 'owner@example.ie');
    other = await signIn(t, 'member', 'other@example.ie');
    admin = await signIn(t, 'admin', 'admin@example.ie');
  });
  // Each test starts with the members' write quotas unused (the quotas have their own test, write-quotas.e2e-spec.ts).
  beforeEach(() => t.ds.query('DELETE FROM rate_events'));
  afterAll(async () => {
    await t.close();
    rmSync(storage, { recursive: true, force: true });
  });

  it('creates a draft from the post shape, with a slug from the title, the video id of any YouTube link and a derived pin', async () => {
    const res = await create(owner.token, {
      title: 'Aoife Byrne - Soprano',
      content: 'Soprano for weddings.\r\n\r\nSings in Irish and Latin.',
      category: 1,
      tag_slug: 'cork',
      price: 'nominal_charge',
      youtube1_id: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      featured_audio_url: 'https://soundcloud.com/aoife-byrne/ave-maria',
      vitals: { area: 'Kinsale', latitude: 51.7059, longitude: -8.5222 },
    }).expect(201);
    expect(res.body).toMatchObject({
      title: 'Aoife Byrne - Soprano',
      slug: 'aoife-byrne-soprano',
      slug_extract: 'aoife-byrne-soprano',
      status: 'draft',
      content: 'Soprano for weddings.\n\nSings in Irish and Latin.',
      category: 1,
      category_slug: 'female-singers',
      tag_slug: 'cork',
      price: 'nominal_charge',
      youtube1_id: 'dQw4w9WgXcQ',
      featured_audio_url: 'https://soundcloud.com/aoife-byrne/ave-maria',
      vitals: { area: 'Kinsale', latitude: 51.7059, longitude: -8.5222, gmap_pin: '51.7059,-8.5222', has_location: true },
    });
    const [row] = await t.ds.query('SELECT owner_id FROM posts WHERE id = ?', [res.body.id]);
    expect(Number(row.owner_id)).toBe(owner.user.id);
  });

  it('gives a taken title the next free slug, never the reserved hidden name, and keeps the slug when the title changes', async () => {
    const second = await create(owner.token, { title: 'Aoife Byrne Soprano', category: 1, tag_slug: 'cork' }).expect(201);
    expect(second.body.slug).toBe('aoife-byrne-soprano-2');
    const hiddenName = await create(owner.token, { title: 'Hidden Listing', category: 1, tag_slug: 'cork' }).expect(201);
    expect(hiddenName.body.slug).toBe('hidden-listing-2');
    expect(hiddenName.body.slug_extract).toBe('hidden-listing-2');
    const renamed = await t.http().put(`/api/posts/${second.body.slug}/`).set(auth(owner.token)).send({ title: 'Aoife Byrne and Friends' }).expect(200);
    expect(renamed.body).toMatchObject({ title: 'Aoife Byrne and Friends', slug: 'aoife-byrne-soprano-2' });
  });

  it('gives two parallel creates with the same title distinct slugs', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => create(owner.token, { title: 'Parallel Harpist', category: 5, tag_slug: 'galway' })));
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.slug, b.body.slug, c.body.slug])).toEqual(new Set(['parallel-harpist', 'parallel-harpist-2', 'parallel-harpist-3']));
  });

  it('changes only the fields it is given, clears media with empty strings and moves or removes the pin', async () => {
    const { body: post } = await create(owner.token, { title: 'Partial Update', category: 1, tag_slug: 'cork', youtube1_id: 'dQw4w9WgXcQ', vitals: { area: 'Cobh', latitude: 51.85, longitude: -8.29 } }).expect(201);
    const res = await t.http().put(`/api/posts/${post.slug}/`).set(auth(owner.token)).send({ price: 'free', youtube1_id: '', vitals: { latitude: 51.9, longitude: -8.4 } }).expect(200);
    expect(res.body).toMatchObject({ title: 'Partial Update', price: 'free', youtube1_id: null, tag_slug: 'cork', vitals: { area: 'Cobh', gmap_pin: '51.9,-8.4', has_location: true } });
    const cleared = await t.http().put(`/api/posts/${post.slug}/`).set(auth(owner.token)).send({ vitals: { latitude: null, longitude: null } }).expect(200);
    expect(cleared.body.vitals).toEqual({ area: 'Cobh', latitude: null, longitude: null, gmap_pin: null, has_location: false });
  });

  it.each([
    ['title', { title: 'ab' }],
    ['title', { category: 1 }],
    ['category', { title: 'Fine title', category: 99 }],
    ['tag_slug', { title: 'Fine title', tag_slug: 'atlantis' }],
    ['price', { title: 'Fine title', price: 'expensive' }],
    ['youtube1_id', { title: 'Fine title', youtube1_id: 'https://vimeo.com/123' }],
    ['featured_audio_url', { title: 'Fine title', featured_audio_url: 'https://evil.example/track' }],
    ['featured_audio_url', { title: 'Fine title', featured_audio_url: 'http://soundcloud.com/a/b' }],
    ['vitals.latitude', { title: 'Fine title', vitals: { latitude: 40, longitude: -8 } }],
    ['vitals.longitude', { title: 'Fine title', vitals: { latitude: 53 } }],
    ['content', { title: 'Fine title', content: 'x'.repeat(10_001) }],
    ['status', { title: 'Fine title', status: 'private' }],
    ['slug', { title: 'Fine title', slug: 'my-own-slug' }],
  ])('refuses a bad %s with a 400 naming it', async (field, body) => {
    const res = await create(owner.token, body).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', field });
  });

  it('refuses to hide a listing for a member (400) and lets an admin hide and show it', async () => {
    const { body: post } = await create(owner.token, { title: 'Hide Me', category: 1, tag_slug: 'cork' }).expect(201);
    expect((await t.http().put(`/api/posts/${post.slug}/`).set(auth(owner.token)).send({ slug_extract: HIDDEN }).expect(400)).body).toMatchObject({ code: 'hidden_not_allowed', field: 'slug_extract' });
    expect((await create(owner.token, { title: 'Hide Me Too', slug_extract: HIDDEN }).expect(400)).body.code).toBe('hidden_not_allowed');
    expect((await t.http().put(`/api/posts/${post.slug}/`).set(auth(admin.token)).send({ slug_extract: HIDDEN }).expect(200)).body.slug_extract).toBe(HIDDEN);
    expect((await t.http().put(`/api/posts/${post.slug}/`).set(auth(admin.token)).send({ slug_extract: '' }).expect(200)).body.slug_extract).toBe(post.slug);
  });

  it('publishes only through the publish policy: 402 subscription_required, allowed when free for life', async () => {
    const member = await signIn(t, 'member', 'publisher@example.ie');
    const { body: post } = await create(member.token, { title: 'Would Publish', category: 1, tag_slug: 'kerry' }).expect(201);
    const refused = await t.http().put(`/api/posts/${post.slug}/`).set(auth(member.token)).send({ status: 'publish' }).expect(402);
    expect(refused.body).toMatchObject({ code: 'subscription_required', field: 'status' });
    expect((await create(member.token, { title: 'Publish At Once', status: 'publish' }).expect(402)).body.code).toBe('subscription_required');
    await t.ds.query('UPDATE users SET free_for_life = 1 WHERE id = ?', [member.user.id]);
    expect((await t.http().put(`/api/posts/${post.slug}/`).set(auth(member.token)).send({ status: 'publish' }).expect(200)).body.status).toBe('publish');
    await t.http().get(`/api/posts/${post.id}/`).expect(200);
    expect((await t.http().put(`/api/posts/${post.slug}/`).set(auth(member.token)).send({ status: 'draft' }).expect(200)).body.status).toBe('draft');
    await t.http().get(`/api/posts/${post.id}/`).expect(404);
  });

  it('lists the member’s own posts of every status with this month’s figures', async () => {
    const member = await signIn(t, 'member', 'lister-mine@example.ie');
    const { body: first } = await create(member.token, { title: 'First Of Mine', category: 1, tag_slug: 'cork' }).expect(201);
    const { body: second } = await create(member.token, { title: 'Second Of Mine', category: 1, tag_slug: 'cork' }).expect(201);
    const day = new Date().toISOString().slice(0, 10);
    await t.ds.query("INSERT INTO stat_days (post_id, kind, day, total) VALUES (?, 'view', ?, 7), (?, 'enquiry', ?, 2)", [first.id, day, first.id, day]);
    await t.ds.query("INSERT INTO enquiries (post_id, name, email, venue, message) VALUES (?, 'A', 'a@example.ie', '', 'Hi'), (?, 'B', 'b@example.ie', '', 'Hello')", [first.id, first.id]);
    const res = await t.http().get('/api/me/posts/').set(auth(member.token)).expect(200);
    expect(res.body.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(res.body[1]).toMatchObject({ slug: 'first-of-mine', status: 'draft', has_photo: false, views_this_month: 7, enquiries_this_month: 2, unread_enquiries: 2 });
    expect(res.body[0]).toMatchObject({ views_this_month: 0, enquiries_this_month: 0, unread_enquiries: 0 });
    await t.http().get('/api/me/posts/').expect(401);
  });

  describe('photo', () => {
    let slug: string;
    beforeAll(async () => {
      slug = (await create(owner.token, { title: 'Photo Lister', category: 5, tag_slug: 'dublin' }).expect(201)).body.slug;
    });

    it('makes the three WebP sizes from a JPEG, without its EXIF, and replaces all three with the next photo', async () => {
      const withExif = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#ff0000' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera', Artist: 'GPS Person' } } })
        .toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const mine = async () => (await t.http().get('/api/me/posts/').set(auth(owner.token)).expect(200)).body.find((p: { slug: string }) => p.slug === slug);
      expect((await mine()).has_photo).toBe(false);
      const res = await upload(owner.token, slug, withExif).expect(200);
      expect((await mine()).has_photo).toBe(true);
      expect(res.body.images.card).toMatch(new RegExp(`/storage/library/${slug}-one-680x588\\.webp\\?v=\\d+$`));
      for (const [size, w, h] of [['680x588', 680, 588], ['680x382', 680, 382], ['931x550', 931, 550]] as const) {
        const meta = await sharp(readFileSync(photoFile(slug, size))).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: w, height: h });
        expect(meta.exif).toBeUndefined();
      }
      // The narrower copies for srcset, at each size's proportions, named by @directory/domain's srcset (not in the answer).
      for (const [file, w, h] of [['680x588-320w', 320, 277], ['680x588-480w', 480, 415], ['680x382-320w', 320, 180], ['931x550-480w', 480, 284], ['931x550-800w', 800, 473]] as const) {
        const meta = await sharp(readFileSync(photoFile(slug, file))).metadata();
        expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', w, h, undefined]);
      }
      expect(ALL_FILES.every((f) => existsSync(photoFile(slug, f)))).toBe(true);
      // Versioned by the picture (a new number with each upload): a new photo gets new URLs, so they may be cached for good.
      const base = `${t.config.apiOrigin}/storage/library/${slug}-one-`;
      const v = new URL(res.body.images.map).search;
      expect(v).toMatch(/^\?v=\d+$/);
      expect(res.body.images).toEqual({ card: `${base}680x588.webp${v}`, card_wide: `${base}680x382.webp${v}`, map: `${base}931x550.webp${v}` });
      expect(res.body.images_srcset).toBeUndefined();
      const sets = Object.fromEntries((['card', 'card_wide', 'map'] as const).map((k) => [k, srcset(res.body.images[k], IMAGE_WIDTHS[k])]));
      expect(sets).toEqual({
        card: `${base}680x588-320w.webp${v} 320w, ${base}680x588-480w.webp${v} 480w, ${base}680x588.webp${v} 680w`,
        card_wide: `${base}680x382-320w.webp${v} 320w, ${base}680x382-480w.webp${v} 480w, ${base}680x382.webp${v} 680w`,
        map: `${base}931x550-320w.webp${v} 320w, ${base}931x550-480w.webp${v} 480w, ${base}931x550-640w.webp${v} 640w, ${base}931x550-800w.webp${v} 800w, ${base}931x550.webp${v} 931w`,
      });
      // Every URL of those srcsets is served (the files the upload wrote), under its versioned name.
      for (const url of Object.values(sets).flatMap((set) => set.split(', ').map((entry) => entry.split(' ')[0]))) {
        await t.http().get(url.slice(t.config.apiOrigin.length)).expect(200);
      }
      const served = await t.http().get(`/storage/library/${slug}-one-931x550.webp`).expect(200);
      expect((await sharp(served.body).metadata()).width).toBe(931);
      expect(await meanRed(photoFile(slug, '680x588'))).toBeGreaterThan(200);
      await upload(owner.token, slug, await image('#0000ff', 'png'), 'photo.png', 'image/png').expect(200);
      for (const size of ['680x588', '680x382', '931x550', '680x588-320w', '931x550-800w']) expect(await meanRed(photoFile(slug, size))).toBeLessThan(50);
      await upload(owner.token, slug, await image('#00ff00', 'webp'), 'photo.webp', 'image/webp').expect(200);
    });

    it('refuses a file over 10 MB (413), a text file (415), a corrupt JPEG (400) and a pixel bomb (400), keeping the old photo', async () => {
      await upload(owner.token, slug, await image('#ff0000')).expect(200);
      const before = readFileSync(photoFile(slug, '931x550'));
      const big = Buffer.concat([await image('#ff0000'), Buffer.alloc(10 * 1024 * 1024 + 1)]);
      expect((await upload(owner.token, slug, big).expect(413)).body).toMatchObject({ code: 'photo_too_large', field: 'photo' });
      expect((await upload(owner.token, slug, Buffer.from('just some words'), 'notes.txt', 'text/plain').expect(415)).body).toMatchObject({ code: 'photo_type', field: 'photo' });
      const corrupt = (await image('#ff0000')).subarray(0, 300);
      expect((await upload(owner.token, slug, corrupt).expect(400)).body).toMatchObject({ code: 'photo_unreadable', field: 'photo' });
      const notAnImage = Buffer.from('%PDF-1.4 pretending to be a jpeg');
      expect((await upload(owner.token, slug, notAnImage).expect(400)).body.code).toBe('photo_unreadable');
      const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
      expect((await upload(owner.token, slug, bomb, 'bomb.png', 'image/png').expect(400)).body).toMatchObject({ code: 'photo_too_many_pixels', field: 'photo' });
      expect((await t.http().put(`/api/posts/${slug}/photo/`).set(auth(owner.token)).field('other', 'x').expect(400)).body.code).toBe('photo_missing');
      expect((await t.http().put(`/api/posts/${slug}/photo/`).set(auth(owner.token)).set('Content-Type', 'image/jpeg').send(await image('#ff0000')).expect(415)).body.code).toBe('unsupported_media_type');
      expect(readFileSync(photoFile(slug, '931x550')).equals(before)).toBe(true);
      expect(require('node:fs').readdirSync(join(storage, 'library')).filter((f: string) => f.endsWith('.tmp'))).toEqual([]);
    });

    it('gives every upload new versioned URLs, even several within one second, each serving its own picture', async () => {
      // updated_at is in whole seconds on MariaDB: as `?v=` it stayed the same for uploads within a second, and the URL
      // a year's immutable cache held the first picture under then named the next.
      const colours = ['#ff0000', '#0000ff', '#ff0000', '#0000ff', '#ff0000', '#0000ff'];
      const urls: string[] = [];
      for (const colour of colours) urls.push((await upload(owner.token, slug, await image(colour)).expect(200)).body.images.map.replace(/\.webp\?/, '-320w.webp?'));
      expect(new Set(urls).size).toBe(colours.length);
      for (const url of urls) expect(url).toMatch(new RegExp(`/storage/library/${slug}-one-931x550-320w\\.webp\\?v=\\d+$`));
      const last = await t.http().get(new URL(urls[5]).pathname + new URL(urls[5]).search).expect(200);
      expect(last.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(last.body).stats()).channels[2].mean).toBeGreaterThan(200);
    });

    it('keeps no srcset copy made from a photo that an upload replaced while the copy was being made', async () => {
      await upload(owner.token, slug, await image('#ff0000')).expect(200);
      // A photo from before the copies were made: /storage/ makes the copy from the full size on its first request.
      rmSync(photoFile(slug, '931x550-320w'));
      const photos = t.app.get(ListingPhotos);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let drawing!: () => void;
      const drawn = new Promise<void>((r) => (drawing = r));
      const real = photos.narrower.bind(photos);
      // The copy is drawn from the red photo, and held until a blue one has replaced it (the upload's own copies are not held).
      jest.spyOn(photos, 'narrower').mockImplementationOnce(async (...args) => {
        const copy = await real(...args);
        drawing();
        await gate;
        return copy;
      });
      const answer = t.http().get(`/storage/library/${slug}-one-931x550-320w.webp`).buffer(true).then((r) => r);
      await drawn;
      await upload(owner.token, slug, await image('#0000ff')).expect(200);
      release();
      const held = await answer;
      expect(held.status).toBe(200);
      // Not even the request that drew it gets the red copy: it answers the blue one the upload wrote.
      expect((await sharp(held.body as Buffer).stats()).channels[2].mean).toBeGreaterThan(200);
      // The file kept, and what every later request gets, is the blue photo's copy.
      expect(await meanRed(photoFile(slug, '931x550-320w'))).toBeLessThan(50);
      const later = await t.http().get(`/storage/library/${slug}-one-931x550-320w.webp`).buffer(true).expect(200);
      expect((await sharp(later.body as Buffer).stats()).channels[2].mean).toBeGreaterThan(200);
    });

    it('leaves one consistent set of files after parallel uploads', async () => {
      const [red, blue] = [await image('#ff0000'), await image('#0000ff')];
      const answers = await Promise.all([upload(owner.token, slug, red), upload(owner.token, slug, blue), upload(owner.token, slug, red), upload(owner.token, slug, blue)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const reds = await Promise.all(['680x588', '680x382', '931x550'].map(async (size) => (await meanRed(photoFile(slug, size))) > 128));
      expect(new Set(reds).size).toBe(1);
    });
  });

  describe('cover art', () => {
    it('is drawn anew with a new ?v= when the title changes (control panel and admin app); an uploaded photo stays', async () => {
      const ids = await insert(t.ds, {
        posts: [
          post('art-drawn-lister', 5, 'dublin', { title: 'Aoife Harp', ownerId: owner.user.id }),
          post('art-photo-lister', 5, 'dublin', { title: 'Brid Choir', ownerId: owner.user.id }),
        ],
      });
      const art = t.app.get(CoverArtRenderer);
      const drawn = async (title: string, file: string, w: number, h: number) =>
        readFileSync(photoFile('art-drawn-lister', file)).equals(await art.render(coverArtSpec(title, 'art-drawn-lister', w, h)));
      const fetchAll = () => Promise.all(['680x588', '931x550', '931x550-480w'].map((f) => t.http().get(`/storage/library/art-drawn-lister-one-${f}.webp`).expect(200)));
      await fetchAll();
      expect(await drawn('Aoife Harp', '680x588', 680, 588)).toBe(true);
      const oldCopy = readFileSync(photoFile('art-drawn-lister', '931x550-480w'));
      const [original] = (await t.http().get('/api/posts/?postSlug=art-drawn-lister').expect(200)).body;

      const renamed = (await t.http().put('/api/posts/art-drawn-lister/').set(auth(owner.token)).send({ title: 'Nora Strings' }).expect(200)).body;
      const [before] = (await t.http().get('/api/posts/?postSlug=art-drawn-lister').expect(200)).body;
      expect(renamed.images.card).not.toBe(original.images.card);
      expect(before.images).toEqual(renamed.images);
      expect(srcset(before.images.map, IMAGE_WIDTHS.map)).toContain(`-931x550-480w.webp${new URL(before.images.map).search} 480w`);
      await fetchAll();
      expect(await drawn('Nora Strings', '680x588', 680, 588)).toBe(true);
      expect(await drawn('Nora Strings', '931x550', 931, 550)).toBe(true);
      expect(readFileSync(photoFile('art-drawn-lister', '931x550-480w')).equals(oldCopy)).toBe(false);

      // The admin app's edit too, and every answer names the new version.
      await t.http().put(`/api/admin/listings/${ids['art-drawn-lister']}`).set(auth(admin.token)).send({ title: 'Orla Pipes' }).expect(200);
      const [after] = (await t.http().get('/api/posts/?postSlug=art-drawn-lister').expect(200)).body;
      expect(after.images.card).not.toBe(before.images.card);
      await fetchAll();
      expect(await drawn('Orla Pipes', '931x550', 931, 550)).toBe(true);

      await upload(owner.token, 'art-photo-lister', await image('#00ff00')).expect(200);
      const photo = readFileSync(photoFile('art-photo-lister', '931x550'));
      const [withPhoto] = (await t.http().get('/api/posts/?postSlug=art-photo-lister').expect(200)).body;
      await t.http().put('/api/posts/art-photo-lister/').set(auth(owner.token)).send({ title: 'Brid Choir Two' }).expect(200);
      expect(readFileSync(photoFile('art-photo-lister', '931x550')).equals(photo)).toBe(true);
      expect(ALL_FILES.every((f) => existsSync(photoFile('art-photo-lister', f)))).toBe(true);
      expect((await t.http().get('/api/posts/?postSlug=art-photo-lister').expect(200)).body[0].images.map).toBe(withPhoto.images.map);
    });
  });

  describe('deleting', () => {
    it('removes the post with its media, enquiries, statistics and photo files, and nothing of another post', async () => {
      const { body: post } = await create(owner.token, { title: 'Short Lived', category: 1, tag_slug: 'cork' }).expect(201);
      const { body: keep } = await create(other.token, { title: 'Stays Here', category: 1, tag_slug: 'cork' }).expect(201);
      for (const p of [post, keep]) {
        await upload(p.id === post.id ? owner.token : other.token, p.slug, await image('#ff0000')).expect(200);
        await t.ds.query("INSERT INTO videos (post_id, youtube_id, title) VALUES (?, 'dQw4w9WgXcQ', '')", [p.id]);
        await t.ds.query("INSERT INTO audios (post_id, url, title) VALUES (?, 'https://soundcloud.com/a/b', '')", [p.id]);
        await t.ds.query("INSERT INTO enquiries (post_id, name, email, venue, message) VALUES (?, 'A', 'a@example.ie', '', 'Hi')", [p.id]);
        await t.ds.query("INSERT INTO stat_days (post_id, kind, day, total) VALUES (?, 'view', '2026-01-01', 3)", [p.id]);
      }
      await t.http().delete(`/api/posts/${post.slug}/`).set(auth(owner.token)).expect(204);
      for (const table of ['posts', 'videos', 'audios', 'enquiries', 'stat_days']) {
        const column = table === 'posts' ? 'id' : 'post_id';
        expect(await t.ds.query(`SELECT * FROM ${table} WHERE ${column} = ?`, [post.id])).toHaveLength(0);
        expect(await t.ds.query(`SELECT * FROM ${table} WHERE ${column} = ?`, [keep.id])).toHaveLength(1);
      }
      for (const size of ALL_FILES) {
        expect(existsSync(photoFile(post.slug, size))).toBe(false);
        expect(existsSync(photoFile(keep.slug, size))).toBe(true);
      }
    });

    it('answers 404, not a 500, to an edit whose post is deleted between its write and its answer', async () => {
      const { body: post } = await create(owner.token, { title: 'Gone Between', category: 1, tag_slug: 'cork' }).expect(201);
      const posts = t.app.get(PostsRepository);
      const update = posts.update.bind(posts);
      // The deletion lands in the instant after the edit is written, before the editor reads the post back.
      jest.spyOn(posts, 'update').mockImplementationOnce(async (...args: Parameters<PostsRepository['update']>) => {
        await update(...args);
        await t.http().delete(`/api/posts/${post.slug}/`).set(auth(owner.token)).expect(204);
      });
      const res = await t.http().put(`/api/posts/${post.slug}/`).set(auth(owner.token)).send({ title: 'Gone Between Again' });
      expect([res.status, res.body.code]).toEqual([404, expect.any(String)]);
      expect(await t.ds.query('SELECT id FROM posts WHERE id = ?', [post.id])).toHaveLength(0);
    });
  });

  describe('orphan sweep', () => {
    it('removes image files no post names (a deletion whose file removal failed) and keeps every post’s', async () => {
      const { body: kept } = await create(owner.token, { title: 'Keeps Its Photo', category: 1, tag_slug: 'cork' }).expect(201);
      await upload(owner.token, kept.slug, await image('#ff0000')).expect(200);
      const stray = await image('#00ff00', 'webp', 10, 10);
      for (const size of ['680x588', '680x382', '931x550', '931x550-640w']) require('node:fs').writeFileSync(photoFile('long-gone-listing', size), stray);
      require('node:fs').writeFileSync(photoFile('only-a-copy-left', '680x588-320w'), stray);
      require('node:fs').writeFileSync(join(storage, 'library', 'notes.txt'), 'not a listing photo');
      expect((await t.app.get(PhotoSweeper).sweep()).sort()).toEqual(['long-gone-listing', 'only-a-copy-left']);
      expect(ALL_FILES.some((size) => existsSync(photoFile('long-gone-listing', size)) || existsSync(photoFile('only-a-copy-left', size)))).toBe(false);
      expect(ALL_FILES.every((size) => existsSync(photoFile(kept.slug, size)))).toBe(true);
      expect(existsSync(join(storage, 'library', 'notes.txt'))).toBe(true);
    });
  });

  describe('post_counts (X-Total-Count without a COUNT)', () => {
    /**
     * post_counts as it should be: every published post under its eight keys (0 and '' for "any"), apart by whether the
     * configured reserved slug_extract hides it, zero rows left out.
     */
    const expectedCounts = async (hiddenName = HIDDEN) => {
      const want = new Map<string, number>();
      for (const r of await t.ds.query("SELECT category_id AS c, county_id AS k, price AS p, slug_extract AS s FROM posts WHERE status = 'publish'")) {
        for (let mask = 0; mask < 8; mask++) {
          const key = `${mask & 4 ? 0 : Number(r.c)}|${mask & 2 ? 0 : Number(r.k)}|${mask & 1 ? '' : r.p}|${r.s === hiddenName ? 1 : 0}`;
          want.set(key, (want.get(key) ?? 0) + 1);
        }
      }
      return Object.fromEntries([...want].sort(([a], [b]) => a.localeCompare(b)));
    };
    const keptCounts = async () =>
      Object.fromEntries(
        ((await t.ds.query('SELECT category_id AS c, county_id AS k, price AS p, hidden AS h, total AS n FROM post_counts WHERE total <> 0')) as { c: number; k: number; p: string; h: number; n: number }[])
          .map((r) => [`${Number(r.c)}|${Number(r.k)}|${r.p}|${Number(r.h)}`, Number(r.n)] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    /** X-Total-Count of a first page against the length of the whole list, for visitors, over several selections. */
    const expectTotalsMatchLists = async () => {
      for (const q of ['', 'catSlug=female-singers', 'tagSlug=cork', 'price=free', 'catSlug=harpists&tagSlug=kerry', 'catSlug=female-singers&tagSlug=cork&price=charge']) {
        const page = await t.http().get(`/api/posts/?${q}&limit=1`).expect(200);
        const all = await t.http().get(`/api/posts/?${q}`).expect(200);
        expect([q, page.headers['x-total-count']]).toEqual([q, String(all.body.length)]);
      }
    };
    const put = (token: string, slug: string, body: Record<string, unknown>) => t.http().put(`/api/posts/${slug}/`).set(auth(token)).send(body).expect(200);

    it('stays exact through publishing, moves between category, county and price, hiding, unpublishing, a lapse and deletion', async () => {
      const made = [];
      for (const [i, [category, tag_slug, price]] of ([[1, 'cork', 'charge'], [1, 'cork', 'free'], [5, 'kerry', 'charge'], [5, 'cork', 'nominal_charge'], [1, 'kerry', 'free']] as const).entries()) {
        made.push((await create(admin.token, { title: `Counted Listing ${i}`, category, tag_slug, price, status: 'publish' }).expect(201)).body);
      }
      expect(await keptCounts()).toEqual(await expectedCounts());
      await put(admin.token, made[0].slug, { category: 5 });
      await put(admin.token, made[1].slug, { tag_slug: 'kerry' });
      await put(admin.token, made[2].slug, { price: 'free' });
      await put(admin.token, made[3].slug, { title: 'Counted Listing Renamed' });
      await put(admin.token, made[4].slug, { slug_extract: HIDDEN });
      await put(admin.token, made[0].slug, { slug_extract: HIDDEN });
      expect(await keptCounts()).toEqual(await expectedCounts());
      await expectTotalsMatchLists();
      // Moved while hidden, then shown again; a draft hidden and published.
      await put(admin.token, made[0].slug, { tag_slug: 'kerry', price: 'free' });
      await put(admin.token, made[0].slug, { slug_extract: '' });
      await put(admin.token, made[1].slug, { status: 'draft', slug_extract: HIDDEN });
      await put(admin.token, made[1].slug, { status: 'publish' });
      expect(await keptCounts()).toEqual(await expectedCounts());
      await expectTotalsMatchLists();
      await put(admin.token, made[3].slug, { status: 'draft' });
      await put(admin.token, made[3].slug, { status: 'publish', category: 1 });
      await t.http().delete(`/api/posts/${made[2].slug}/`).set(auth(admin.token)).expect(204);
      // A lapsed subscription unpublishes the member's listings in one UPDATE (billing.repository.ts).
      await t.ds.query("UPDATE posts SET status = 'publish' WHERE owner_id = ?", [owner.user.id]);
      expect(await keptCounts()).toEqual(await expectedCounts());
      await t.ds.query("UPDATE posts SET status = 'draft' WHERE owner_id = ? AND status = 'publish'", [owner.user.id]);
      expect(await keptCounts()).toEqual(await expectedCounts());
      await expectTotalsMatchLists();
    });

    it('stays exact under parallel writes that move listings across the same keys', async () => {
      const made = [];
      for (let i = 0; i < 8; i++) {
        made.push((await create(admin.token, { title: `Raced Listing ${i}`, category: i % 2 ? 1 : 5, tag_slug: i % 3 ? 'cork' : 'kerry', price: 'charge', status: 'publish' }).expect(201)).body);
      }
      const moves = made.flatMap((p, i) => [
        { category: i % 2 ? 5 : 1, tag_slug: i % 3 ? 'kerry' : 'cork' },
        { price: i % 2 ? 'free' : 'nominal_charge', status: i % 4 ? 'publish' : 'draft' },
        // Hidden or shown (not the two being deleted: an edit racing the deletion of its post is another matter).
        ...(i < 6 ? [{ slug_extract: i % 3 ? HIDDEN : '' }] : []),
      ].map((body) => () => t.http().put(`/api/posts/${p.slug}/`).set(auth(admin.token)).send(body)));
      const creates = [0, 1, 2, 3].map((i) => () => create(admin.token, { title: `Raced New ${i}`, category: 1, tag_slug: 'cork', status: 'publish' }));
      const deletes = [made[6], made[7]].map((p) => () => t.http().delete(`/api/posts/${p.slug}/`).set(auth(admin.token)));
      const answers = await Promise.all([...moves, ...creates, ...deletes].map((write) => write()));
      expect(answers.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);
      expect(await keptCounts()).toEqual(await expectedCounts());
      await expectTotalsMatchLists();
    });

    it('counts apart the posts of another configured hiding name, once told it at a start, and back', async () => {
      const made = [];
      for (let i = 0; i < 3; i++) made.push((await create(admin.token, { title: `Renamed Hiding ${i}`, category: 1, tag_slug: 'cork', status: 'publish' }).expect(201)).body);
      await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id IN (?, ?)', ['kept-from-view', made[0].id, made[1].id]);
      const [{ version: before }] = await t.ds.query('SELECT version FROM data_version WHERE id = 1');
      // What a start with HIDDEN_SLUG_EXTRACT=kept-from-view does (the migrate CLI, the API, the seed).
      expect(await usePostCountsHidden(t.ds, 'kept-from-view')).toBe(true);
      expect(await usePostCountsHidden(t.ds, 'kept-from-view')).toBe(false);
      const [{ version: after }] = await t.ds.query('SELECT version FROM data_version WHERE id = 1');
      expect(BigInt(after)).toBeGreaterThan(BigInt(before));
      expect(await keptCounts()).toEqual(await expectedCounts('kept-from-view'));
      // The triggers now know that name: raw writes under it stay exact.
      await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id = ?', ['kept-from-view', made[2].id]);
      await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id = ?', ['shown-again', made[0].id]);
      expect(await keptCounts()).toEqual(await expectedCounts('kept-from-view'));
      expect(await usePostCountsHidden(t.ds, HIDDEN)).toBe(true);
      expect(await keptCounts()).toEqual(await expectedCounts());
      await expectTotalsMatchLists();
    });

    it('counts again from the posts on request (npm run recount), drifted counts and all, and moves the data version', async () => {
      await t.ds.query('UPDATE post_counts SET total = total + 7');
      await t.ds.query('DELETE FROM post_counts WHERE category_id = 1 AND county_id = 0 AND price = ?', ['']);
      expect(await keptCounts()).not.toEqual(await expectedCounts());
      const [{ version: before }] = await t.ds.query('SELECT version FROM data_version WHERE id = 1');
      await recountPostCounts(t.ds);
      const [{ version: after }] = await t.ds.query('SELECT version FROM data_version WHERE id = 1');
      expect(BigInt(after)).toBeGreaterThan(BigInt(before));
      expect(await keptCounts()).toEqual(await expectedCounts());
      await expectTotalsMatchLists();
    });
  });

  describe('authorization', () => {
    let slug: string;
    beforeEach(async () => {
      slug = (await create(owner.token, { title: 'Guarded Listing', category: 1, tag_slug: 'cork' }).expect(201)).body.slug;
    });
    const calls: [string, (token: string | null) => ReturnType<TestApp['http']> extends infer R ? Promise<{ status: number; body: { code?: string } }> : never][] = [
      ['PUT', (token) => withToken(t.http().put(`/api/posts/${slug}/`), token).send({ price: 'free' })],
      ['photo', async (token) => withToken(t.http().put(`/api/posts/${slug}/photo/`), token).attach('photo', await image('#ff0000'), { filename: 'p.jpg', contentType: 'image/jpeg' })],
      ['DELETE', (token) => withToken(t.http().delete(`/api/posts/${slug}/`), token)],
    ];
    const withToken = <R extends { set: (h: Record<string, string>) => R }>(req: R, token: string | null): R => (token ? req.set(auth(token)) : req);

    it.each(calls)('%s: anonymous 401, another member 404, owner and admin allowed', async (_name, call) => {
      expect((await call(null)).status).toBe(401);
      const refused = await call(other.token);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('post_not_found');
      expect((await call(owner.token)).status).toBeLessThan(300);
      if (_name === 'DELETE') slug = (await create(owner.token, { title: 'Guarded Listing', category: 1, tag_slug: 'cork' }).expect(201)).body.slug;
      expect((await call(admin.token)).status).toBeLessThan(300);
    });

    it('POST /api/posts/: anonymous 401, members and admins create their own', async () => {
      await t.http().post('/api/posts/').send({ title: 'Nobody' }).expect(401);
      const mine = await create(admin.token, { title: 'Admin Listing' }).expect(201);
      const [row] = await t.ds.query('SELECT owner_id FROM posts WHERE id = ?', [mine.body.id]);
      expect(Number(row.owner_id)).toBe(admin.user.id);
    });
  });
});

/** On cliste a profile path is the slug alone, so a new listing's slug carries its category's group prefix. */
describe('control panel: listings on cliste', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('cliste', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(2, 'school-tours-open-farms', 'Open Farms'), category(10, 'school-workshops-stem', 'STEM Workshops')],
    });
  });
  afterAll(() => t.close());

  it('prefixes the slug with school-tours- or school-workshops- by the category, once', async () => {
    const { token } = await signIn(t, 'member', 'cliste-lister@example.ie');
    const create = (body: Record<string, unknown>) => t.http().post('/api/posts/').set({ Authorization: `Bearer ${token}` }).send(body).expect(201);
    expect((await create({ title: 'Glen Open Farm', category: 2, tag_slug: 'kerry' })).body.slug).toBe('school-tours-glen-open-farm');
    expect((await create({ title: 'School Workshops STEM Sparks', category: 10, tag_slug: 'kerry' })).body.slug).toBe('school-workshops-stem-sparks');
    expect((await create({ title: 'Glen Open Farm', category: 2, tag_slug: 'cork' })).body.slug).toBe('school-tours-glen-open-farm-2');
  });
});
