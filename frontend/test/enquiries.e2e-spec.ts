import type { Post } from '../lib/types';
import { browserStack, hydrated } from './support/browser';

/** Sending an enquiry from a profile in chromium; the lister's email is read from a real SMTP server. */
describe('enquiries in chromium', () => {
  const t = browserStack('church', { smtp: true });

  it("sends an enquiry from a profile to the lister's inbox, acknowledges it to the visitor without their text, and counts the view", async () => {
    const { s, smtp, page } = t;
    const [post] = (await s.api<Post[]>('/api/posts/?limit=1')).body;
    await s.sql("INSERT INTO users (email, username, first_name, last_name, role, is_active) VALUES ('lister@example.ie', 'lister@example.ie', 'Lister', 'One', 'member', 1)");
    const [owner] = await s.sql("SELECT id FROM users WHERE email = 'lister@example.ie'");
    await s.sql('UPDATE posts SET owner_id = ? WHERE id = ?', [owner.id, post.id]);

    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    await hydrated(page);
    // The page may come from the site's page cache: the form takes a token of its own when it opens.
    const freshToken = page.waitForResponse((r) => r.url() === `${s.apiUrl}/api/enquiries/form-token/` && r.ok());
    await page.locator('.profile-actions').getByRole('button', { name: 'Send Enquiry' }).click();
    const { token } = (await (await freshToken).json()) as { token: string };
    const dialog = page.getByRole('dialog', { name: 'Send Enquiry' });
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    expect(await dialog.getByRole('alert').allTextContents()).toEqual(['Please enter your name!', 'Please enter an email!', 'Please enter a message!']);
    await dialog.getByLabel('Your name').fill('Ciara Walsh');
    await dialog.getByLabel('Email').fill('ciara@example.ie');
    await dialog.getByLabel('Event date').fill('2027-06-19');
    await dialog.getByLabel('Venue / county').fill("St Finbarr's, Cork");
    await dialog.getByLabel('Message').fill('Would you sing at our wedding ceremony?');
    // People take a few seconds to fill the form (timed by the API from the token the page was rendered with); faster answers are treated as bots.
    await page.waitForTimeout(3000);
    const sent = page.waitForRequest((r) => r.url() === `${s.apiUrl}/api/enquiries/` && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    expect(((await sent).postDataJSON() as { formToken: string }).formToken).toBe(token);
    await dialog.getByText(`Thank you! Your enquiry has been sent to ${post.title}, who will reply to you directly. We have emailed you a note saying so; it does not repeat your message.`).waitFor();

    const toLister = await smtp.waitFor('lister@example.ie', /^New enquiry for /);
    expect(toLister.subject).toBe(`New enquiry for ${post.title}`);
    expect(toLister.text).toContain('Name: Ciara Walsh');
    expect(toLister.text).toContain("Venue / county: St Finbarr's, Cork");
    expect(toLister.text).toContain('Would you sing at our wedding ceremony?');
    const copy = await smtp.waitFor('ciara@example.ie', /^Your enquiry to /);
    expect(copy.text).toContain(`We have sent it to ${post.title}, who will reply to you directly.`);
    expect(copy.text).not.toContain('Would you sing');
    const stats = await s.sql('SELECT kind FROM stat_days WHERE post_id = ?', [post.id]);
    expect(stats.map((r: { kind: string }) => r.kind).sort()).toEqual(['enquiry', 'view']);
  });
});
