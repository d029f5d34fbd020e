import * as argon2 from 'argon2';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { articleDate } from '../lib/dates';
import type { Post } from '../lib/types';
import { axeViolations, browserStack, hydrated } from './support/browser';

const DAY = 86_400_000;
const SITE_NAME = 'Church Musicians Ireland';
const PASSWORD = 'harpist2025';
const LISTER = 'reviewed.lister@example.ie';

/**
 * A review's whole path in chromium, every mail read from a real SMTP server: a visitor enquires on a profile, the
 * lister marks the enquiry booked in the inbox, the invitation falls due (the reviews jobs run with their clock moved,
 * in a process of the built API on the stack's database, as the API's own tests run them), its link opens the form,
 * filled by keyboard; a low rating is held (the lister is mailed and sees it with its release date), a high one is
 * published, the lister replies, and the profile shows it with its label, the reply, the average as text and
 * JSON-LD; once released, the held one joins the profile's average and the lister's dashboard.
 */
describe('a verified review from enquiry to profile, in chromium', () => {
  const t = browserStack('church', { smtp: true });
  let post: Post;

  /** The reviews jobs, once, at real time plus `ms`. */
  const runJobs = async (ms: number) => {
    const script = join(__dirname, 'support/review-jobs.cjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, new Date(Date.now() + ms).toISOString()], { env: { ...process.env, ...t.s.apiEnv }, cwd: join(__dirname, '../../backend') });
    return JSON.parse(stdout) as { invitations: { invited: number }; released: number };
  };

  const enquire = async (name: string, email: string) => {
    const { page, s } = t;
    // One visitor's address per enquiry; the rate limit is not what this test is about.
    await s.sql('DELETE FROM rate_events');
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    await hydrated(page);
    await page.locator('.profile-actions').getByRole('button', { name: 'Send Enquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Enquiry' });
    await dialog.getByLabel('Your name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Event date').fill(new Date().toISOString().slice(0, 10));
    await dialog.getByLabel('Message').fill('Would you play at our ceremony?');
    // The API treats a form filled within a few seconds as a bot's.
    await page.waitForTimeout(3000);
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    await dialog.getByText(/^Thank you! Your enquiry has been sent/).waitFor();
  };

  const signIn = async () => {
    const { page, s } = t;
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(LISTER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
  };

  const focused = () => t.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

  /** Opens the invitation mailed to `email` and writes the review by keyboard alone; the receipt's text. */
  const review = async (email: string, rating: number, text: string) => {
    const { page, s, smtp } = t;
    const mail = await smtp.waitFor(email, new RegExp(`^How was ${post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\? Leave a review on ${SITE_NAME}$`));
    const link = new RegExp(`${s.siteUrl}/reviews\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')![0];
    await page.goto(link);
    await hydrated(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (rating <= 2) {
      // Sent empty, the form names each missing answer beside its field, and stays accessible so.
      await page.getByRole('button', { name: 'Send review' }).click();
      await page.getByRole('alert').first().waitFor();
      expect(await page.getByRole('alert').allTextContents()).toHaveLength(4);
      expect(await axeViolations(page)).toEqual([]);
    }
    const overall = page.getByRole('group', { name: 'Overall rating (required)' });
    expect(await overall.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent))).toEqual(['★1 star', '★2 stars', '★3 stars', '★4 stars', '★5 stars']);
    await overall.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    for (let n = 1; n < rating; n++) await page.keyboard.press('ArrowRight');
    expect(await overall.getByRole('radio', { checked: true }).getAttribute('value')).toBe(String(rating));
    // Each sub-rating is one stop of the tab order, and optional.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('text');
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('first_name');
    expect(await page.getByLabel('First name').inputValue()).toBe(email.startsWith('ciara') ? 'Ciara' : 'Seán');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('county');
    await page.keyboard.type('Cork');
    expect(await page.getByLabel('Your county').inputValue()).toBe('cork');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('booked');
    await page.keyboard.press('Space');
    expect(await page.getByRole('group', { name: `Did you book ${post.title}?` }).getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send review');
    await page.keyboard.press('Enter');
    const receipt = (await page.getByRole('status').textContent()) ?? '';
    expect(await axeViolations(page)).toEqual([]);
    // The link has done its work: opened again, it says so and what to do.
    await page.goto(link);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This review link does not work');
    expect(await page.getByRole('alert').textContent()).toContain('A review has already been written with this link');
    return receipt;
  };

  it('takes an enquiry through the booked mark, the mailed invitation and the form to a held and a published review, a reply and the profile', async () => {
    const { page, s, smtp } = t;
    post = (await s.api<Post[]>('/api/posts/?limit=100')).body.find((p) => p.reviews.count === 0)!;
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Úna', 'Lister', 'member', 1)", [LISTER, LISTER, hash]);
    const [owner] = await s.sql('SELECT id FROM users WHERE email = ?', [LISTER]);
    await s.sql('UPDATE posts SET owner_id = ? WHERE id = ?', [owner.id, post.id]);
    await s.sql('UPDATE data_version SET version = version + 1 WHERE id = 1');

    await enquire('Ciara Walsh', 'ciara.walsh@example.ie');
    await enquire('Seán Murphy', 'sean.murphy@example.ie');

    // The lister marks both enquiries booked in the inbox.
    await signIn();
    await page.goto(`${s.siteUrl}/cp/enquiries`);
    await hydrated(page);
    for (const name of ['Ciara Walsh', 'Seán Murphy']) {
      const item = page.getByTestId('enquiry').filter({ hasText: name });
      await item.locator('summary').click();
      const saved = page.waitForResponse((r) => /\/api\/enquiries\/\d+\/booked\/$/.test(r.url()) && r.request().method() === 'PUT');
      await item.getByRole('button', { name: 'Booked' }).click();
      expect((await saved).status()).toBe(200);
      await item.getByTestId('booked-mark').waitFor();
      expect(await item.getByRole('button', { name: 'Booked' }).getAttribute('aria-pressed')).toBe('true');
    }

    // Nothing is due on the event's day; the day after, both invitations are mailed.
    expect((await runJobs(0)).invitations.invited).toBe(0);
    expect((await runJobs(2 * DAY)).invitations.invited).toBe(2);

    const held = await review('ciara.walsh@example.ie', 2, 'The music was lovely but they arrived late and we had to start without them.');
    const heldUntil = (await s.sql("SELECT held_until FROM reviews WHERE status = 'held' AND post_id = ?", [post.id]))[0].held_until as Date | string;
    const releaseDate = articleDate(new Date(heldUntil).toISOString());
    expect(held).toBe(`Because of its low rating, your review is held so that ${post.title} can respond first. It will be published on ${releaseDate}, with their reply if they write one.`);
    const notice = await smtp.waitFor(LISTER, /^A review of .* is waiting for your reply$/);
    expect(notice.subject).toBe(`A review of ${post.title} is waiting for your reply`);
    expect(notice.text).toContain(`${s.siteUrl}/cp/reviews`);

    const published = await review('sean.murphy@example.ie', 5, 'Wonderful from start to finish: every piece we asked for, beautifully played.');
    expect(published).toBe(`Your review is now on the profile of ${post.title}.`);

    // The lister sees the held review with its release date, and replies to the published one.
    await page.goto(`${s.siteUrl}/cp/reviews`);
    await hydrated(page);
    await page.getByTestId('cp-review').first().waitFor();
    expect(await page.getByTestId('reviews-count').textContent()).toBe('2 reviews (1 held on this page)');
    const heldItem = page.getByTestId('cp-review').filter({ hasText: 'Ciara, Cork' });
    expect(await heldItem.getByTestId('held-until').textContent()).toBe(`Held: only you can see it. It will be published on ${releaseDate} (7 days left), with your reply if you write one.`);
    const publishedItem = page.getByTestId('cp-review').filter({ hasText: 'Seán, Cork' });
    await publishedItem.getByRole('button', { name: 'Reply' }).click();
    await publishedItem.getByLabel('Your public reply').fill('Thank you, Seán: it was a joy to play for you both.');
    const replied = page.waitForResponse((r) => /\/api\/me\/reviews\/\d+\/reply\/$/.test(r.url()));
    await publishedItem.getByRole('button', { name: 'Save reply' }).click();
    expect((await replied).status()).toBe(200);
    await publishedItem.getByText('Thank you, Seán: it was a joy to play for you both.').waitFor();
    expect([await axeViolations(page)]).toEqual([[]]);

    // The profile: the published review only, with its label and the reply, the average as text, and its JSON-LD.
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    const block = page.locator('#reviews');
    expect(await block.getByText('5.0 out of 5, from 1 review').count()).toBe(1);
    const items = block.locator('article.review');
    expect(await items.count()).toBe(1);
    expect(await items.first().textContent()).toContain(`Booked through ${SITE_NAME}`);
    expect(await items.first().textContent()).toContain('Wonderful from start to finish');
    expect(await items.first().textContent()).toContain(`Reply from ${post.title}`);
    expect(await items.first().textContent()).toContain('Thank you, Seán: it was a joy to play for you both.');
    expect(await block.textContent()).not.toContain('arrived late');
    const data = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((el) => JSON.parse(el.textContent ?? '{}') as Record<string, unknown>));
    const business = data.find((d) => 'aggregateRating' in d)!;
    expect(business.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(business.review).toEqual([expect.objectContaining({ reviewBody: 'Wonderful from start to finish: every piece we asked for, beautifully played.', reviewRating: expect.objectContaining({ ratingValue: 5 }) })]);

    // Its release date come, the held review is published (with no reply: the lister wrote none).
    // (The seed's own held review is released with it.)
    expect((await runJobs(8 * DAY)).released).toBeGreaterThanOrEqual(1);
    expect(await s.sql('SELECT status FROM reviews WHERE post_id = ?', [post.id])).toEqual([{ status: 'published' }, { status: 'published' }]);
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    expect(await page.locator('#reviews').getByText('3.5 out of 5, from 2 reviews').count()).toBe(1);
    // The lister's dashboard counts both, the average beside the count.
    await page.goto(`${s.siteUrl}/cp/dashboard`);
    await hydrated(page);
    await page.getByTestId('review-average').waitFor();
    expect([await page.getByTestId('review-average').textContent(), await page.getByTestId('review-count').textContent()]).toEqual(['3.5', '2']);
  });
});
