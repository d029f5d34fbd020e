import * as argon2 from 'argon2';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { TestSmtp } from '../../backend/test/support/smtp';
import { axeViolations, browserStack, hydrated } from './support/browser';
import { makePng } from './support/png';
import type { Stack } from './support/stack';

/**
 * The control panel in chromium: a new lister signs up through the real forms and goes to a published,
 * illustrated listing, a visitor's enquiry reaches the inbox, and the statistics count it; then every cp page under
 * axe-core and at 320 px, and the editor's promise that nothing typed is lost.
 */
/** Every page of the control panel, with the listing the tests made. */
const cpPages = (postId: number) => ['/cp/dashboard', '/cp/listings/new', `/cp/listings/${postId}`, '/cp/enquiries', '/cp/reviews', '/cp/statistics', '/cp/subscription', '/cp/account'];

describe('control panel in chromium', () => {
  const t = browserStack('church', { smtp: true });
  let s: Stack;
  let page: Page;
  let smtp: TestSmtp;
  beforeEach(() => ({ s, page, smtp } = t));
  const email = `roisin.${Date.now()}@example.ie`;
  const password = 'harpist2025';
  const title = 'Róisín Walsh - Harpist';
  let postId = 0;
  let profilePath = '';

  const signIn = async (who = email) => {
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(who);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
    await hydrated(page);
  };
  const open = async (path: string) => {
    await page.goto(`${s.siteUrl}${path}`);
    await hydrated(page);
  };
  const steps = () => page.getByTestId('checklist').locator('li').evaluateAll((items) => items.map((li) => `${li.querySelector('.check-text')?.textContent}: ${li.classList.contains('is-done') ? 'done' : 'to do'}`));

  it('takes a new lister from sign-up to a published, illustrated listing, an enquiry in the inbox and its statistics', async () => {
    // Sign up through the real forms, with the code read from the SMTP server.
    await open('/sign-up-start');
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${s.siteUrl}/sign-up`);
    await hydrated(page);
    await page.getByLabel('Full name').fill('Róisín Walsh');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`We emailed a code to ${email}.`).waitFor();
    const code = /is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
    for (let i = 0; i < 4; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]);
    await page.waitForURL(`${s.siteUrl}/cp/dashboard?welcome`);
    await hydrated(page);

    // The first visit's checklist, nothing done yet.
    await page.getByRole('heading', { name: 'Welcome, Róisín' }).waitFor();
    await page.getByTestId('checklist').waitFor();
    expect(await steps()).toEqual(['Create your listing: to do', 'Add a photo: to do', 'Add a video or audio: to do', 'Publish: to do']);
    expect(await page.getByTestId('mobile-bar').count()).toBe(0);

    // A new listing: the client's checks beside the fields first.
    await page.getByRole('link', { name: 'Create your listing' }).first().click();
    await page.waitForURL(`${s.siteUrl}/cp/listings/new`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Create listing' }).click();
    expect(await page.getByRole('alert').allTextContents()).toEqual(['Please enter a title of 3 to 120 characters.', 'Please choose a category.', 'Please choose a county.']);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('listing-title');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Concert harpist for wedding ceremonies in Dublin.\n\nCeltic airs, hymns and your own choices.');
    await page.getByLabel('Category').selectOption({ label: 'Harpists' });
    await page.getByLabel('Price', { exact: true }).selectOption({ label: 'Charge' });
    await page.getByLabel('County').selectOption({ label: 'Dublin' });
    // A pin can be put on the map at once; then the county's towns are offered (the directory's list), and naming
    // one moves the pin there.
    await page.getByRole('button', { name: 'Put a pin on the map' }).click();
    await page.getByTestId('pin-map').locator('.map-pin').waitFor();
    const first = await page.getByLabel('Pin latitude').inputValue();
    expect(first).not.toBe('');
    // The pin started at the first town; the last is another.
    const options = page.locator('#listing-area-towns option');
    await page.waitForFunction(() => document.querySelectorAll('#listing-area-towns option').length > 1);
    const town = (await options.last().getAttribute('value'))!;
    await page.getByLabel('Area').fill(town);
    // On to the next field, as a person would, which closes the list of suggestions.
    await page.getByLabel('Area').press('Tab');
    await page.waitForFunction((lat) => (document.getElementById('listing-latitude') as HTMLInputElement).value !== lat, first);
    const pin = page.getByTestId('pin-map').locator('.map-pin');
    // The next frame shows the pin where the town put it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const before = { lat: await page.getByLabel('Pin latitude').inputValue(), lng: await page.getByLabel('Pin longitude').inputValue() };
    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction((lat) => (document.getElementById('listing-latitude') as HTMLInputElement).value !== lat, before.lat);
    const dragged = { lat: Number(await page.getByLabel('Pin latitude').inputValue()), lng: Number(await page.getByLabel('Pin longitude').inputValue()) };
    expect(dragged.lat).toBeLessThan(Number(before.lat));
    expect(dragged.lng).toBeGreaterThan(Number(before.lng));

    await page.getByLabel('YouTube link', { exact: true }).fill('not a link');
    await page.getByLabel('SoundCloud link', { exact: true }).fill('https://example.com/track');
    await page.getByRole('button', { name: 'Create listing' }).click();
    expect(await page.getByRole('alert').allTextContents()).toEqual([
      'Please paste a YouTube link (or its 11-character video id).',
      'Please paste a SoundCloud link starting with https://soundcloud.com/.',
    ]);
    await page.getByLabel('YouTube link', { exact: true }).fill('https://youtu.be/dQw4w9WgXcQ?si=share');
    await page.getByLabel('SoundCloud link', { exact: true }).fill('https://soundcloud.com/roisin-walsh/carolans-concerto');
    // The profile's click-to-load preview: nothing from YouTube or SoundCloud before the click.
    await page.getByTestId('video-preview').getByRole('button', { name: /^Play video/ }).waitFor();
    await page.getByTestId('audio-preview').getByRole('button', { name: /^Play audio/ }).click();
    expect(await page.getByTestId('audio-preview').locator('iframe').getAttribute('src')).toContain('https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Froisin-walsh%2Fcarolans-concerto');
    expect(await page.locator('iframe[src*="youtube"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Create listing' }).click();
    await page.waitForURL(/\/cp\/listings\/\d+$/);
    await hydrated(page);
    postId = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: `Edit: ${title}` }).waitFor();
    expect(await page.getByLabel('YouTube link', { exact: true }).inputValue()).toBe('dQw4w9WgXcQ');
    const [stored] = await s.sql('SELECT status, youtube1_id, featured_audio_url, area, latitude, longitude FROM posts WHERE id = ?', [postId]);
    expect(stored).toMatchObject({ status: 'draft', youtube1_id: 'dQw4w9WgXcQ', featured_audio_url: 'https://soundcloud.com/roisin-walsh/carolans-concerto', area: town });
    expect(Number(stored.latitude)).toBeCloseTo(dragged.lat, 5);
    expect(Number(stored.longitude)).toBeCloseTo(dragged.lng, 5);

    // A real photo upload, with its preview and progress; the API's three WebP sizes replace it.
    await page.locator('#photo-file').setInputFiles({ name: 'harp.png', mimeType: 'image/png', buffer: makePng(1200, 800) });
    await page.getByText('Your photo is uploaded.').waitFor();
    const photo = page.getByTestId('photo');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="photo"]');
      return img?.complete && img.naturalWidth === 931;
    });
    expect(await photo.getAttribute('src')).toMatch(/\/storage\/library\/.+-one-931x550\.webp\?v=\d+$/);

    // The draft preview.
    await page.getByRole('link', { name: 'Preview' }).first().click();
    await page.waitForURL(`${s.siteUrl}/drafts/${postId}`);
    await page.getByText('Draft preview: only you can see this page until it is published.').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    // Publishing needs a subscription: the refusal says so and links to it; free for life may publish.
    await open(`/cp/listings/${postId}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const refusal = page.getByTestId('save-problem');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Publishing needs a subscription.');
    expect(await refusal.getByRole('link', { name: 'Start your subscription' }).getAttribute('href')).toBe('/cp/subscription');
    expect(await page.locator('.status-badge').first().textContent()).toBe('Draft');
    await s.sql('UPDATE users SET free_for_life = 1 WHERE email = ?', [email]);
    // The sitemap, built before the publish and kept by the site, names the listing right after it (it follows the data version).
    const sitemap = async () => (await s.page('/sitemap.xml')).text();
    expect(await sitemap()).not.toContain('/profile/roisin-walsh-harpist');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await page.getByTestId('save-state').getByText('All changes saved.').waitFor();
    expect(await page.locator('.status-badge').first().textContent()).toBe('Published');
    profilePath = (await page.getByRole('link', { name: 'View public profile' }).getAttribute('href'))!;
    expect(profilePath).toMatch(/^\/profile\/roisin-walsh-harpist/);
    expect(await sitemap()).toContain(`<loc>${s.siteUrl}${profilePath}</loc>`);

    // Every step of the checklist is now done.
    await open('/cp/dashboard');
    const listing = page.getByTestId('my-listing');
    await listing.waitFor();
    await page.getByTestId('checklist').waitFor();
    expect(await steps()).toEqual(['Create your listing: done', 'Add a photo: done', 'Add a video or audio: done', 'Publish: done']);
    expect(await listing.locator('.status-badge').textContent()).toBe('Published');

    // A visitor sees the public profile and sends an enquiry.
    const visitor = await t.browser.newPage();
    await visitor.goto(`${s.siteUrl}${profilePath}`);
    await hydrated(visitor);
    await visitor.getByRole('heading', { name: title }).waitFor();
    await visitor.locator('.profile-actions').getByRole('button', { name: 'Send Enquiry' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Send Enquiry' });
    await dialog.getByLabel('Your name').fill('Ciara Byrne');
    await dialog.getByLabel('Email').fill('ciara.byrne@example.ie');
    await dialog.getByLabel('Message').fill('Are you free on 19 June 2027 in Dublin?');
    // People take a few seconds to fill the form (timed by the API from the form's token); faster is a bot.
    await visitor.waitForTimeout(3000);
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await dialog.getByText(/Thank you! Your enquiry has been sent/).waitFor();
    await visitor.close();

    // The inbox: unread, opened (read), replied to by email with the listing in the subject.
    await open('/cp/enquiries');
    const enquiry = page.getByTestId('enquiry');
    await enquiry.waitFor();
    expect(await enquiry.getByText('Unread', { exact: true }).count()).toBe(1);
    const marked = page.waitForResponse((r) => /\/api\/enquiries\/\d+\/$/.test(r.url()) && r.request().method() === 'PUT');
    await enquiry.locator('summary').click();
    expect((await marked).status()).toBe(200);
    await enquiry.locator('.enquiry-text').getByText('Are you free on 19 June 2027 in Dublin?').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="enquiry"] .unread-dot'));
    expect(await enquiry.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
      `mailto:ciara.byrne@example.ie?subject=${encodeURIComponent(`Re: your enquiry about ${title}`)}`,
    );
    await open('/cp/enquiries');
    await page.getByTestId('enquiry').waitFor();
    expect(await page.getByTestId('enquiry').getByText('Unread', { exact: true }).count()).toBe(0);

    // One view and one enquiry this month, on the chart and in its table.
    await open('/cp/statistics');
    await page.waitForFunction(() => document.querySelector<HTMLCanvasElement>('[data-testid="stats-chart"]')?.dataset.rendered === 'true');
    expect(await page.getByTestId('stats-chart').getAttribute('aria-label')).toMatch(/: 1 views, 1 enquiries\.$/);
    const thisMonth = page.getByTestId('months-table').locator('tbody tr').first();
    expect(await thisMonth.locator('td').allTextContents()).toEqual(['1', '1']);
    const perListing = page.getByTestId('per-listing').locator('li').filter({ hasText: title });
    expect(await perListing.locator('dd').allTextContents()).toEqual(['1', '1', '1', '1']);

    // The dashboard's figures for the month, the enquiry read.
    await open('/cp/dashboard');
    const mine = page.getByTestId('my-listing');
    await mine.waitFor();
    expect(await mine.locator('dd').allTextContents()).toEqual(['1', '1', '0', 'No reviews yet', '0']);
    expect(await mine.getByRole('link', { name: `View public profile of ${title}` }).getAttribute('href')).toBe(profilePath);
  });

  it("serves the control panel to its lister only: visitors go to log in, another member's editor is a 404, an admin's opens", async () => {
    const cookieOf = async (who: string, role: 'admin' | 'member') => {
      const hash = await argon2.hash(password, { type: argon2.argon2id });
      await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Úna', 'Tester', ?, 1)", [who, who, hash, role]);
      const res = await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: who, password, username: who }) });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    };
    const other = await cookieOf(`other.${Date.now()}@example.ie`, 'member');
    const admin = await cookieOf(`admin.${Date.now()}@example.ie`, 'admin');
    const owner = (await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, username: email }) })).headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const status = async (path: string, cookie?: string) => {
      const res = await s.page(path, cookie ? { headers: { Cookie: cookie } } : {});
      return [path, res.status, res.headers.get('location')];
    };
    for (const path of cpPages(postId)) {
      expect(await status(path)).toEqual([path, 302, '/log-in']);
      expect(await status(path, owner)).toEqual([path, 200, null]);
    }
    expect(await status(`/cp/listings/${postId}`, other)).toEqual([`/cp/listings/${postId}`, 404, null]);
    expect(await status(`/cp/listings/${postId}`, admin)).toEqual([`/cp/listings/${postId}`, 200, null]);
    expect(await status('/cp/listings/999999999', owner)).toEqual(['/cp/listings/999999999', 404, null]);
    expect(await status('/cp/listings/not-a-number', owner)).toEqual(['/cp/listings/not-a-number', 404, null]);
  });

  it('finds no WCAG A/AA violations on any control panel page', async () => {
    await signIn();
    for (const path of cpPages(postId)) {
      await open(path);
      await page.waitForFunction(() => !document.body.innerText.includes('Loading'));
      // The editor's lazy parts (the map and its pin, the photo) settle before the page is judged.
      if (path === `/cp/listings/${postId}`) {
        await page.getByTestId('pin-map').locator('.map-pin').waitFor();
        await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="photo"]')?.complete !== false);
      }
      expect([path, await axeViolations(page)]).toEqual([path, []]);
    }
  });

  it('fits every control panel page into a 320 px phone, keyboard-reachable navigation and no mobile bar', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn();
    for (const path of cpPages(postId)) {
      await open(path);
      await page.waitForFunction(() => !document.body.innerText.includes('Loading your'));
      // Whatever sticks out past the screen's right edge (unless a box that clips it holds it, as the map holds its
      // tiles), named so a failure says what to fix.
      const wider = await page.evaluate(() => {
        const clipped = (el: Element) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
          return false;
        };
        return [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > 320.5 && !clipped(el)).map((el) => `${el.tagName.toLowerCase()}.${el.className}#${el.id}`);
      });
      expect([path, wider, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, [], 320]);
      expect(await page.getByTestId('mobile-bar').count()).toBe(0);
    }
    const nav = page.getByRole('navigation', { name: 'Control panel' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'New listing', 'Enquiries', 'Reviews', 'Statistics', 'Subscription', 'Account']);
    expect(await nav.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Enquiries' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${s.siteUrl}/cp/enquiries`);
  });

  it('keeps unsaved changes across a reload, and asks before leaving with them', async () => {
    await signIn();
    await open(`/cp/listings/${postId}`);
    await page.getByLabel('Description').fill('Concert harpist: typed, not saved yet.');
    await page.getByTestId('save-state').getByText('You have unsaved changes.').waitFor();
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.accept();
    });
    await page.reload();
    await hydrated(page);
    expect(asked).toEqual(['beforeunload']);
    await page.getByText('Your unsaved changes from before are filled in below.').waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('Concert harpist: typed, not saved yet.');

    // Following a link asks too (answered yes here); the changes wait on this device.
    await page.getByRole('navigation', { name: 'Control panel' }).getByRole('link', { name: 'Enquiries' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/enquiries`);
    expect(asked).toEqual(['beforeunload', 'confirm']);
    await open(`/cp/listings/${postId}`);
    expect(await page.getByLabel('Description').inputValue()).toBe('Concert harpist: typed, not saved yet.');
    await page.getByRole('button', { name: 'Discard them' }).click();
    expect(await page.getByLabel('Description').inputValue()).toContain('Concert harpist for wedding ceremonies in Dublin.');
  });

  it('rolls a failed save back and keeps what was typed', async () => {
    await signIn();
    await open(`/cp/listings/${postId}`);
    await page.getByLabel('Title').fill('Róisín Walsh - Concert Harpist');
    // The API cannot be reached for this save.
    await page.route('**/api/posts/*/', (route) => (route.request().method() === 'PUT' ? route.abort('connectionfailed') : route.continue()));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Not saved: the connection failed. Your changes are kept on this device; please try again.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Edit: ${title}`);
    expect(await page.getByLabel('Title').inputValue()).toBe('Róisín Walsh - Concert Harpist');
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel('Title').inputValue()).toBe('Róisín Walsh - Concert Harpist');

    await page.unroute('**/api/posts/*/');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('save-state').getByText('All changes saved.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit: Róisín Walsh - Concert Harpist');
    const [stored] = await s.sql('SELECT title FROM posts WHERE id = ?', [postId]);
    expect(stored.title).toBe('Róisín Walsh - Concert Harpist');
  });

  it('keeps its one save in view on a phone, top to middle, saves from there, and marks the sections that save by themselves', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn();
    await open(`/cp/listings/${postId}`);
    const save = page.getByRole('button', { name: 'Save changes' });
    // In the window and not covered by anything: the element at its centre is the button itself.
    const inView = () =>
      save.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0 && (top === b || b.contains(top));
      });
    expect(await page.evaluate(() => document.documentElement.scrollHeight > 2 * window.innerHeight)).toBe(true);
    expect(await inView()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
    expect(await inView()).toBe(true);
    expect(await page.getByTestId('save-state').textContent()).toBe('No changes.');

    // A field typed in, then saved from the bar where it is.
    const description = await page.getByLabel('Description').inputValue();
    await page.getByLabel('Description').fill(`${description}\n\nAlso plays at funerals.`);
    await page.getByTestId('save-state').getByText('You have unsaved changes.').waitFor();
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
    expect(await inView()).toBe(true);
    await save.click();
    await page.getByTestId('save-state').getByText('All changes saved.').waitFor();
    expect((await s.sql('SELECT content FROM posts WHERE id = ?', [postId]))[0].content).toContain('Also plays at funerals.');

    // Enter in a field saves too (the bar's button is the form's own submit button, outside the form's element).
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Title').press('Enter');
    await page.getByTestId('save-state').getByText('All changes saved.').waitFor();
    expect((await s.sql('SELECT content FROM posts WHERE id = ?', [postId]))[0].content).not.toContain('Also plays at funerals.');

    // The sections acting at once say so under their headings.
    expect(await page.locator('#photo .self-saving').textContent()).toBe('Saved as soon as you choose it.');
    expect(await page.locator('#media .self-saving').textContent()).toBe('Each one is saved as soon as you add or delete it.');
    expect(await page.locator('#publish .self-saving').textContent()).toBe('Takes effect at once, saving your changes too.');
  });

  it('undoes an email change from the link mailed to the old address, with a press (opening the link changes nothing)', async () => {
    const old = `orla.${Date.now()}@example.ie`;
    const moved = `orla.moved.${Date.now()}@example.ie`;
    const hash = await argon2.hash(password, { type: argon2.argon2id });
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Orla', 'Byrne', 'member', 1)", [old, old, hash]);
    const call = async (method: string, path: string, body: object, access?: string) => {
      const res = await fetch(`${s.apiUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(access ? { Authorization: `Bearer ${access}` } : {}) }, body: JSON.stringify(body) });
      expect(res.status).toBeLessThan(300);
      return res.json();
    };
    const login = await call('POST', '/login/', { email: old, password });
    await call('PUT', `/api/users/${login.user.id}/`, { email: moved, current_password: password }, login.access);
    const code = /is (\d{4})\./.exec((await smtp.waitFor(moved, /Confirm your new/)).text!)![1];
    await call('POST', `/api/users/${login.user.id}/email/`, { code }, login.access);
    const link = new RegExp(`(${s.siteUrl}/email-change-undo\\?\\S+)`).exec((await smtp.waitFor(old, /email was changed/)).text!)![1];

    await page.goto(link);
    await hydrated(page);
    expect((await s.sql('SELECT email FROM users WHERE id = ?', [login.user.id]))[0].email).toBe(moved);
    await page.getByRole('button', { name: 'Put my old email back' }).click();
    await page.getByText(`Your email is ${old} again, and every session of your account has ended.`).waitFor();
    expect((await s.sql('SELECT email FROM users WHERE id = ?', [login.user.id]))[0].email).toBe(old);
    expect((await fetch(`${s.apiUrl}/token/refresh/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh: login.refresh }) })).status).toBe(401);
    // Used once: a second press hears the link is out of date.
    await page.goto(link);
    await hydrated(page);
    await page.getByRole('button', { name: 'Put my old email back' }).click();
    await page.getByText('The link is out of date.').waitFor();
  });

  it('changes names, email (by the emailed code) and password, downloads the data and deletes the account', async () => {
    // A second lister, signed up through the API (the first test covers the forms).
    const mine = `eimear.${Date.now()}@example.ie`;
    const details = { email: mine, password, first_name: 'Eimear', last_name: 'Ryan', username: mine };
    const signUp = (path: string, body: object) => fetch(`${s.apiUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await signUp('/sign-up/', { ...details, terms: true })).status).toBe(201);
    const code = /is (\d{4})\./.exec((await smtp.waitFor(mine, /sign-up code/)).text!)![1];
    expect((await signUp('/sign-up/code/', { ...details, signUpCode: Number(code) })).status).toBe(200);
    await signIn(mine);
    await open('/cp/account');
    await page.getByTestId('current-email').getByText(mine).waitFor();

    await page.getByLabel('First name').fill('Éimear');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details are saved.').waitFor();
    expect((await s.sql('SELECT first_name FROM users WHERE email = ?', [mine]))[0].first_name).toBe('Éimear');

    // The new address gets a code; the change waits for it.
    const next = `eimear.ryan.${Date.now()}@example.ie`;
    await page.getByLabel('New email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send a code to the new email' }).click();
    await page.getByText("That's not an email!").waitFor();
    await page.getByLabel('New email').fill(next);
    // The change needs the current password: asked for beside its field, and checked by the API.
    await page.getByRole('button', { name: 'Send a code to the new email' }).click();
    await page.locator('#email-current-password-error').getByText('Please enter password!').waitFor();
    await page.getByLabel('Your current password', { exact: true }).fill('not-my-password1');
    await page.getByRole('button', { name: 'Send a code to the new email' }).click();
    await page.locator('#email-current-password-error').getByText('That password is wrong!').waitFor();
    await page.getByLabel('Your current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Send a code to the new email' }).click();
    await page.getByText(`We emailed a code to ${next}.`).waitFor();
    const emailCode = /is (\d{4})\./.exec((await smtp.waitFor(next, /Confirm your new/)).text!)![1];
    for (let i = 0; i < 4; i++) await page.getByLabel(`Digit ${i + 1}`).fill(emailCode[i]);
    await page.getByText(`Your email is now ${next}. Every other session has ended, and your old address was told.`).waitFor();
    expect(await page.getByTestId('current-email').textContent()).toBe(next);
    // The old address hears of it, with a link that would undo it.
    expect((await smtp.waitFor(mine, /email was changed/)).text).toMatch(/\/email-change-undo\?token=/);

    // The password: the current one is checked beside its field; the page stays signed in after the change.
    await page.getByLabel('Current password', { exact: true }).fill('not-my-password1');
    await page.getByLabel('New password', { exact: true }).fill('concertharp2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('#current_password-error').waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. You are still signed in here; every other session has ended.').waitFor();
    await open('/cp/account');
    await page.getByTestId('current-email').getByText(next).waitFor();

    // The data download: a JSON file of the account.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.user.email).toBe(next);

    // Deleting needs the password, and a yes.
    page.on('dialog', (d) => void d.accept());
    await page.getByLabel('Your password', { exact: true }).fill('harpist2025');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.locator('#delete-password-error').waitFor();
    await page.getByLabel('Your password', { exact: true }).fill('concertharp2027');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${s.siteUrl}/`);
    expect(await s.sql('SELECT id FROM users WHERE email = ?', [next])).toEqual([]);
  });

  it('pages the inbox twenty at a time, marks an enquiry unread and deletes one', async () => {
    const insert = "INSERT INTO enquiries (post_id, name, email, venue, message, created_at) VALUES (?, ?, ?, '', 'An older enquiry.', ?)";
    for (let i = 0; i < 21; i++) await s.sql(insert, [postId, `Visitor ${i + 1}`, `visitor${i + 1}@example.ie`, `2026-01-01 10:${String(i).padStart(2, '0')}:00`]);
    page.on('dialog', (d) => void d.accept());
    await signIn();
    await open('/cp/enquiries');
    await page.getByTestId('enquiry').first().waitFor();
    expect(await page.getByTestId('inbox-count').textContent()).toBe('22 enquiries, 19 unread on this page');
    expect(await page.getByTestId('enquiry').count()).toBe(20);
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="enquiry"]').length === 2);
    expect(await page.getByTestId('enquiry').locator('summary > span:nth-of-type(2)').allTextContents()).toEqual(['Visitor 2', 'Visitor 1']);

    const oldest = page.getByTestId('enquiry').filter({ hasText: 'Visitor 1' }).last();
    await oldest.locator('summary').click();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await oldest.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="enquiry"]').length === 1);
    expect(await s.sql("SELECT id FROM enquiries WHERE name = 'Visitor 1'")).toEqual([]);

    await page.getByRole('button', { name: 'Newer' }).click();
    const newest = page.getByTestId('enquiry').first();
    await newest.getByText('Ciara Byrne').waitFor();
    await newest.locator('summary').click();
    // Opening it marked it read (a PUT of its own): the one waited for is the PUT that marks it unread.
    const unread = page.waitForResponse((r) => r.request().method() === 'PUT' && r.request().postData()?.includes('"read":false') === true);
    await newest.getByRole('button', { name: 'Mark unread' }).click();
    expect((await unread).status()).toBe(200);
    await newest.getByText('Unread', { exact: true }).waitFor();
    expect((await s.sql("SELECT read_at FROM enquiries WHERE name = 'Ciara Byrne' ORDER BY id DESC LIMIT 1"))[0].read_at).toBeNull();
  });

  it('adds and deletes videos and audios, refuses a bad photo keeping the old one, unpublishes and deletes the listing', async () => {
    page.on('dialog', (d) => void d.accept());
    await signIn();
    await open(`/cp/listings/${postId}`);
    await page.getByLabel('Another YouTube link').fill('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    await page.getByRole('button', { name: 'Add video' }).click();
    await page.getByText('Video: ', { exact: false }).waitFor();
    await page.getByLabel('Another SoundCloud link').fill('https://example.com/airs');
    await page.getByRole('button', { name: 'Add audio' }).click();
    await page.getByText('Please paste a SoundCloud link starting with https://soundcloud.com/.').waitFor();
    await page.getByLabel('Another SoundCloud link').fill('https://soundcloud.com/roisin-walsh/sets/airs');
    await page.getByRole('button', { name: 'Add audio' }).click();
    await page.getByText('Audio: ', { exact: false }).waitFor();
    expect((await s.sql('SELECT youtube_id FROM videos WHERE post_id = ?', [postId])).map((r: { youtube_id: string }) => r.youtube_id)).toEqual(['M7lc1UVf-VE']);
    expect(await s.sql('SELECT id FROM audios WHERE post_id = ?', [postId])).toHaveLength(1);
    const removed = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await page.getByRole('button', { name: /^Delete video/ }).click();
    expect((await removed).status()).toBe(204);
    expect(await page.getByText('Video: ', { exact: false }).count()).toBe(0);
    expect(await s.sql('SELECT id FROM videos WHERE post_id = ?', [postId])).toEqual([]);

    // A file of another type is refused by the page; a broken image by the API; the photo stays.
    await page.locator('#photo-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await page.getByText('Please choose a JPEG, PNG or WebP photo.').waitFor();
    const refused = page.waitForResponse((r) => r.url().endsWith('/photo/'));
    await page.locator('#photo-file').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    expect((await refused).status()).toBe(400);
    await page.getByTestId('photo').waitFor();
    expect(await page.locator('#photo .form-error').textContent()).not.toBe('Please choose a JPEG, PNG or WebP photo.');
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="photo"]')?.naturalWidth === 931);

    // The button turns at once (optimistic); the status is stored once the API has answered.
    const unpublished = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/posts\//.test(r.url()));
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    expect((await unpublished).status()).toBe(200);
    expect((await s.sql('SELECT status FROM posts WHERE id = ?', [postId]))[0].status).toBe('draft');
    await page.getByRole('button', { name: 'Delete this listing' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
    expect(await s.sql('SELECT id FROM posts WHERE id = ?', [postId])).toEqual([]);
  });
});
