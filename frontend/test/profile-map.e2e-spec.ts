import type { Page } from 'playwright-core';
import type { Post, Profile } from '../lib/types';
import { browserStack, hydrated } from './support/browser';

/** Profiles, their media players and the map, in chromium against the real stack (church site). */
describe('profiles, media and the map in chromium', () => {
  const t = browserStack('church');
  const thirdParty = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (r) => /youtube|soundcloud|openstreetmap/.test(new URL(r.url()).hostname) && seen.push(r.url()));
    return seen;
  };
  /** The floating button shows once the visitor has scrolled past the title and is not scrolling down. */
  const revealShowMap = async (page: Page) => {
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForTimeout(50);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => document.querySelector('[data-testid="show-map"]')!.classList.contains('is-shown'));
  };

  it('opens a profile from a listing card and plays its video only when asked', async () => {
    const { s, page } = t;
    const requests = thirdParty(page);
    await page.goto(`${s.siteUrl}/categories/female-singers`);
    await hydrated(page);
    const posts = (await s.api<Post[]>('/api/posts/?catSlug=female-singers')).body;
    const withVideo = posts.find((p) => p.youtube1_id)!;
    await page.locator(`a[href="/profile/${withVideo.slug}"]`).click();
    await page.waitForURL(`${s.siteUrl}/profile/${withVideo.slug}`);
    await page.getByRole('heading', { level: 1, name: withVideo.title }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(requests).toEqual([]);

    await page.getByRole('button', { name: `Play video: ${withVideo.title} video` }).click();
    const frame = page.locator('.media-frame iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${withVideo.youtube1_id}?autoplay=1&rel=0`);
    const box = (await page.locator('.media-frame').first().boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  });

  it('plays an audio-site URL in the audio-streaming player', async () => {
    const { s, page } = t;
    const post = (await s.api<Post[]>('/api/posts/')).body.find((p) => p.featured_audio_url)!;
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: `Play audio: ${post.title} audio` }).click();
    expect(await page.locator('.media-frame iframe').getAttribute('src')).toBe(
      `https://w.soundcloud.com/player/?url=${encodeURIComponent(post.featured_audio_url!)}&auto_play=true&visual=true`,
    );
  });

  it('keeps the Show map button out of the way until the title is passed and while scrolling down', async () => {
    const { s, page } = t;
    await page.goto(`${s.siteUrl}/`);
    await hydrated(page);
    const button = page.getByTestId('show-map');
    expect(await button.getAttribute('class')).not.toContain('is-shown');
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForTimeout(50);
    expect(await button.getAttribute('class')).not.toContain('is-shown');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForTimeout(50);
    expect(await button.getAttribute('class')).not.toContain('is-shown');
    await revealShowMap(page);
  });

  it('loads the map only when opened, with one marker per located profile and a card that links to the profile', async () => {
    const { s, page } = t;
    await page.goto(`${s.siteUrl}/categories/female-singers`);
    await hydrated(page);
    expect(await page.evaluate(() => 'L' in window)).toBe(false);
    await revealShowMap(page);
    await page.getByTestId('show-map').click();
    const screen = page.getByRole('dialog', { name: 'Map of profiles' });
    await screen.waitFor();
    const located = (await s.api<Profile[]>('/api/profiles/?catSlug=female-singers')).body.filter((p) => p.latitude !== null);
    await screen.getByText(`${located.length} profiles on the map`).waitFor();
    expect(await page.locator('.leaflet-marker-icon.map-pin').count()).toBe(located.length);
    expect(await page.evaluate(() => 'L' in window)).toBe(true);

    const target = located[0];
    await page.getByRole('button', { name: target.title, exact: true }).first().click();
    const popup = page.locator('.leaflet-popup');
    await popup.waitFor();
    expect(await popup.locator('.map-card-where').textContent()).toBe(`${target.area}, ${target.tag_name}`);
    expect(await popup.locator('img').getAttribute('src')).toBe(target.images.map);
    expect(await popup.getByRole('button', { name: 'Close popup' }).count()).toBe(1);
    await popup.getByRole('link', { name: target.title }).click();
    await page.waitForURL(`${s.siteUrl}/profile/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
  });

  it('opens the map once hydrated when Show map is pressed before hydration, from the keyboard or by a tap', async () => {
    const { s, page } = t;
    for (const how of ['Enter', 'tap'] as const) {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      await page.route('**/assets/**/*.js', async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(`${s.siteUrl}/categories/female-singers`, { waitUntil: 'domcontentloaded' });
      const button = page.getByTestId('show-map');
      if (how === 'Enter') {
        // Focused from the keyboard, the button shows itself (no script needed) and Enter presses it.
        await button.focus();
        await page.keyboard.press('Enter');
      } else await button.dispatchEvent('click');
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      release();
      await hydrated(page);
      await page.unroute('**/assets/**/*.js');
      const screen = page.getByRole('dialog', { name: 'Map of profiles' });
      await screen.waitFor();
      await page.keyboard.press('Escape');
      await screen.waitFor({ state: 'detached' });
    }
  });

  it("closes the map with 'Show list', 'Close' and Escape", async () => {
    const { s, page } = t;
    await page.goto(`${s.siteUrl}/counties/dublin`);
    await hydrated(page);
    for (const close of ['Show list', 'Close', 'Escape']) {
      await revealShowMap(page);
      await page.getByTestId('show-map').click();
      const screen = page.getByRole('dialog', { name: 'Map of profiles' });
      await screen.waitFor();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await screen.getByRole('button', { name: close }).click();
      await screen.waitFor({ state: 'detached' });
    }
  });

  it('centres the county map page on Ireland at zoom 8 with every located profile, even when tiles cannot load', async () => {
    const { s, page } = t;
    const requested: string[] = [];
    page.on('request', (r) => r.url().includes('tile.openstreetmap.org') && requested.push(new URL(r.url()).pathname));
    await page.goto(`${s.siteUrl}/map`);
    await page.getByRole('heading', { level: 1, name: '32 Counties' }).waitFor();
    const located = (await s.api<Profile[]>('/api/profiles/')).body.filter((p) => p.latitude !== null);
    await page.getByText(`${located.length} profiles on the map`).waitFor();
    expect(await page.locator('.leaflet-marker-icon').count()).toBe(located.length);
    // Zoom 8 tiles around (53.41, -8.24): tile x 122, y 81 is the middle of Ireland. This machine has no route to
    // the tile server, so the map is also shown working without its tiles.
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-tile').length > 0);
    expect(requested.every((p) => p.startsWith('/8/'))).toBe(true);
    expect(requested).toContain('/8/122/81.png');
  });

  it('shows the mobile footer with Send Enquiry and a prefilled wedding-music message on phones only', async () => {
    const { s, page } = t;
    const [post] = (await s.api<Post[]>('/api/posts/?limit=1')).body;
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    const footer = page.getByTestId('mobile-footer');
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.getByRole('button', { name: 'Send Enquiry' }).isVisible()).toBe(true);
    const href = (await footer.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.split('text=')[1]);
    expect(text).toContain('wedding ceremony');
    expect(text).toContain(`${s.siteUrl}/profile/${post.slug}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await footer.isVisible()).toBe(false);
  });
});
