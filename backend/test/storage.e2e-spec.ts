import { IMAGE_WIDTHS, srcset } from '@directory/domain';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';
import { coverArtSpec, CoverArtRenderer } from '../src/infra/cover-art';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';

/** As long as the slug_extract column allows. */
const LONG_EXTRACT = `long-${'x'.repeat(195)}`;

/** GET /storage/...: uploaded files win; listings and articles without one get generated cover art. */
describe('GET /storage/', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'directory-storage-'));
    t = await startApp('church', { STORAGE_DIR: dir, HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [
        post('aoife-byrne-soprano', 1, 'dublin', { title: 'Aoife Byrne - Soprano' }),
        post('a-draft', 1, 'dublin', { status: 'draft' }),
        post('secret', 1, 'cork', { slugExtract: HIDDEN }),
        post('long-name', 1, 'cork', { slugExtract: LONG_EXTRACT }),
      ],
      articles: [
        { title: 'Wedding Hymns', slug: 'wedding-hymns', excerpt: 'x', content: '<p>x</p>', image: 'wedding-hymns.webp', author: 'team', status: 'publish', publishedAt: new Date() },
        { title: 'Organ News', slug: 'organ-news', excerpt: 'x', content: '<p>x</p>', image: 'organ-news.webp', author: 'team', status: 'publish', publishedAt: new Date() },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['680x588', 680, 588],
    ['680x382', 680, 382],
    ['931x550', 931, 550],
  ])('serves the %s listing image as WebP of that size, and keeps it on disk', async (size, width, height) => {
    const res = await t.http().get(`/storage/library/aoife-byrne-soprano-one-${size}.webp`).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('max-age=');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    expect(existsSync(join(dir, 'library', `aoife-byrne-soprano-one-${size}.webp`))).toBe(true);
  });

  it('serves the image of a listing whose slug_extract is as long as its column allows', async () => {
    const res = await t.http().get(`/storage/library/${LONG_EXTRACT}-one-680x588.webp`).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404 for drafts, hidden posts, unknown names and sizes', async () => {
    for (const file of ['a-draft-one-680x588.webp', `${HIDDEN}-one-680x588.webp`, 'nobody-one-680x588.webp', 'aoife-byrne-soprano-one-100x100.webp']) {
      await t.http().get(`/storage/library/${file}`).expect(404);
    }
    await t.http().get('/storage/library/..%2F..%2Fetc%2Fpasswd').expect(400);
  });

  it('makes a narrower copy for srcset on first request: cover art drawn at that size, or the stored photo scaled down', async () => {
    const get = async (path: string) => sharp((await t.http().get(path).buffer(true).expect(200)).body as Buffer).metadata();
    expect(await get('/storage/library/aoife-byrne-soprano-one-680x588-320w.webp')).toMatchObject({ format: 'webp', width: 320, height: 277 });
    expect(existsSync(join(dir, 'library', 'aoife-byrne-soprano-one-680x588-320w.webp'))).toBe(true);
    // A draft's photo uploaded before copies were made: scaled from the stored full size (drafts get no cover art).
    const red = await sharp({ create: { width: 931, height: 550, channels: 3, background: '#ff0000' } }).webp().toBuffer();
    writeFileSync(join(dir, 'library', 'a-draft-one-931x550.webp'), red);
    expect(await get('/storage/library/a-draft-one-931x550-640w.webp')).toMatchObject({ width: 640, height: 378 });
    const { data } = await sharp(readFileSync(join(dir, 'library', 'a-draft-one-931x550-640w.webp'))).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    // Many cards at once ask for the same missing copy: one file, whole, for every one of them.
    const same = await Promise.all(Array.from({ length: 6 }, () => t.http().get('/storage/article-assets/wedding-hymns-480w.webp').buffer(true).expect(200)));
    for (const res of same) expect((res.body as Buffer).equals(readFileSync(join(dir, 'article-assets', 'wedding-hymns-480w.webp')))).toBe(true);
    expect(await get('/storage/article-assets/wedding-hymns-480w.webp')).toMatchObject({ width: 480, height: 252 });
    // Under a versioned URL (the answers' srcset) it may be cached for good; under its plain name a week.
    expect((await t.http().get('/storage/library/aoife-byrne-soprano-one-680x588-480w.webp?v=1767225600000').expect(200)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http().get('/storage/article-assets/wedding-hymns-480w.webp?v=1767225600000').expect(200)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http().get('/storage/library/aoife-byrne-soprano-one-680x588-480w.webp').expect(200)).headers['cache-control']).toBe('public, max-age=604800');
    for (const file of ['library/aoife-byrne-soprano-one-680x588-333w.webp', 'library/a-draft-one-680x588-320w.webp', 'library/nobody-one-680x588-320w.webp', 'article-assets/wedding-hymns-333w.webp', 'article-assets/missing-480w.webp']) {
      await t.http().get(`/storage/${file}`).expect(404);
    }
    // One name per copy: no leading zeros, no copy of a copy (each would be another file made and kept for good).
    for (const file of ['library/aoife-byrne-soprano-one-680x588-0320w.webp', 'article-assets/wedding-hymns-0480w.webp', 'article-assets/wedding-hymns-480w-320w.webp']) {
      await t.http().get(`/storage/${file}`).expect(404);
    }
  });

  it('draws an article’s cover art anew when its title changes, with a new ?v=, and keeps an uploaded cover', async () => {
    const admin = await signIn(t, 'admin', 'covers@example.ie');
    const as = { Authorization: `Bearer ${admin.token}` };
    const [article] = (await t.ds.query("SELECT id FROM articles WHERE slug = 'organ-news'")) as { id: number }[];
    const answer = async () => (await t.http().get('/api/articles/organ-news').expect(200)).body as { image: string };
    const file = (name: string) => t.http().get(`/storage/article-assets/${name}`).buffer(true).expect(200).then((r) => r.body as Buffer);
    const art = t.app.get(CoverArtRenderer);
    const before = await answer();
    // Drawn for the first title, at full size and as a copy, and kept on disk.
    const oldFull = await file('organ-news.webp');
    expect(oldFull.equals(await art.render(coverArtSpec('Organ News', 'organ-news', 1200, 630)))).toBe(true);
    const oldCopy = await file('organ-news-480w.webp');
    await t.http().put(`/api/admin/articles/${article.id}`).set(as).send({ title: 'Choir Notes' }).expect(200);
    const after = await answer();
    expect(after.image).not.toBe(before.image);
    expect(after.image.split('?')[0]).toBe(before.image.split('?')[0]);
    expect(srcset(after.image, IMAGE_WIDTHS.cover)).toContain(`organ-news-480w.webp${new URL(after.image).search} 480w`);
    // The new title's art, at both names (before, the old title's stayed on disk for good).
    expect((await file('organ-news.webp')).equals(await art.render(coverArtSpec('Choir Notes', 'organ-news', 1200, 630)))).toBe(true);
    expect((await file('organ-news-480w.webp')).equals(oldCopy)).toBe(false);
    expect(existsSync(join(dir, 'article-assets', 'organ-news-480w.webp'))).toBe(true);

    // An uploaded cover is a photo: a new title leaves it as it is.
    const photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const uploaded = (await t.http().put(`/api/admin/articles/${article.id}/cover`).set(as).set('Content-Type', 'image/png').send(photo).expect(200)).body.image as string;
    const stored = readFileSync(join(dir, 'article-assets', uploaded));
    const version = (await answer()).image;
    await t.http().put(`/api/admin/articles/${article.id}`).set(as).send({ title: 'Choir Notes Again' }).expect(200);
    expect(readFileSync(join(dir, 'article-assets', uploaded)).equals(stored)).toBe(true);
    expect(existsSync(join(dir, 'article-assets', uploaded.replace(/\.webp$/, '-480w.webp')))).toBe(true);
    expect((await answer()).image).toBe(version);
  });

  it('serves an article cover at 1200x630', async () => {
    const res = await t.http().get('/storage/article-assets/wedding-hymns.webp').buffer(true).expect(200);
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(1200);
    await t.http().get('/storage/article-assets/missing.webp').expect(404);
  });
});
