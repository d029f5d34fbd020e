import type { Post } from '../lib/types';
import { browserStack, hydrated } from './support/browser';

/** "Plays {piece}" on a listing page in Chromium, then the piece's clip on the profile. */
describe('searching by repertoire in chromium (church)', () => {
  const t = browserStack('church');

  it('finds who plays Highland Cathedral in Dublin and opens the clip on the profile', async () => {
    const { s, page } = t;
    const [highland] = (await s.api<{ id: number; title: string }[]>('/api/pieces/?q=highland cathedral')).body;
    // A Dublin lister with a video gets Highland Cathedral at the signing, clipped from 1:35 of their own video.
    const dublin = (await s.api<Post[]>('/api/posts/?tagSlug=dublin&limit=100')).body;
    const lister = dublin.find((p) => p.youtube1_id)!;
    await s.sql('DELETE FROM post_pieces WHERE post_id = ?', [lister.id]);
    await s.sql("INSERT INTO post_pieces (post_id, position, ceremony, moment, piece_id, title, composer, language, clip_youtube_id, clip_start) VALUES (?, 0, 'mass', 'signing', ?, '', '', 'instrumental', ?, 95)", [lister.id, highland.id, lister.youtube1_id]);
    await s.sql('UPDATE data_version SET version = version + 1 WHERE id = 1');

    await page.goto(`${s.siteUrl}/counties/dublin`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Price' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('Refine your search...').fill('highland');
    await dialog.getByRole('link', { name: /^Plays Highland Cathedral/ }).click();
    await page.waitForURL(`${s.siteUrl}/counties/dublin?piece=${highland.id}`);
    const total = (await s.api(`/api/posts/?tagSlug=dublin&piece=${highland.id}&limit=1`)).total;
    await page.waitForFunction((n) => document.querySelector('[data-testid="profile-count"]')?.textContent === String(n), total);
    expect(total).toBeGreaterThan(0);

    await page.locator('.profile-cards').getByRole('link', { name: new RegExp(lister.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    const repertoire = page.getByTestId('repertoire');
    await repertoire.waitFor();
    await hydrated(page);
    await repertoire.getByRole('button', { name: 'Play Highland Cathedral from 1:35' }).click();
    const frame = repertoire.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${lister.youtube1_id}?autoplay=1&rel=0&start=95`);
  });
});
