import { addDays, type Facets, type PublicCalendarDto, todayInIreland } from '@directory/domain';
import type { Post } from '../lib/types';
import { browserStack, hydrated } from './support/browser';

/** The search by date on a listing page and a profile's availability calendar, in chromium against the seeded stack. */
describe('availability in chromium', () => {
  const t = browserStack('church');
  const today = todayInIreland();

  it('picks a date and a morning on a listing page and shows who is free then, keeping the date across counties', async () => {
    const { s, page } = t;
    const day = addDays(today, 20);
    await page.goto(`${s.siteUrl}/categories/female-singers`);
    await hydrated(page);
    const form = page.getByTestId('date-form');
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Time of day').selectOption('am');
    await form.getByRole('button', { name: 'Show who is free' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/female-singers?date=${day}&slot=am`);
    const facets = (await s.api<Facets>(`/api/facets/?catSlug=female-singers&date=${day}&slot=am`)).body;
    const posts = (await s.api<Post[]>(`/api/posts/?catSlug=female-singers&date=${day}&slot=am&limit=20`)).body;
    expect(await page.getByTestId('profile-count').textContent()).toBe(String(facets.availability!.free));
    const subtitle = await page.locator('.listing-head .subtitle').textContent();
    expect(subtitle).toContain('free on ');
    expect(subtitle).toContain('(Morning)');
    expect(subtitle).toContain(`${facets.availability!.unknown} ${facets.availability!.unknown === 1 ? 'has' : 'have'} not said`);
    // The cards are the API's answer on that date, free ones first.
    const first = posts[0];
    await page.locator(`a[href="/profile/${first.slug}"]`).first().waitFor();
    // The form keeps the date; moving to a county keeps it too.
    expect(await form.getByLabel('Date').inputValue()).toBe(day);
    await page.getByRole('tab', { name: 'County' }).click();
    const cork = page.locator('#search-menu a[href^="/counties/cork"]');
    expect(await cork.getAttribute('href')).toBe(`/counties/cork?date=${day}&slot=am`);
    await page.getByRole('link', { name: 'Clear date' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/female-singers`);
  });

  it('shows a profile’s calendar, and a booked day chosen on it fills the enquiry with a warning', async () => {
    const { s, page } = t;
    const posts = (await s.api<Post[]>('/api/posts/?catSlug=female-singers')).body;
    let found: { post: Post; day: string } | null = null;
    for (const post of posts) {
      const cal = (await s.api<PublicCalendarDto>(`/api/posts/${post.id}/calendar/?months=3`)).body;
      const booked = cal.days.find((d) => d.am === 'booked' && d.pm === 'booked');
      if (cal.fresh && booked) {
        found = { post, day: booked.day };
        break;
      }
    }
    expect(found).not.toBeNull();
    const { post, day } = found!;
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    await hydrated(page);
    const calendar = page.getByTestId('availability');
    await calendar.getByText(/Calendar last updated/).waitFor();
    const link = calendar.locator(`a[href="?date=${day}"]`);
    expect(await link.getAttribute('aria-label')).toMatch(/: Booked$/);
    await link.click();
    await page.waitForURL(`${s.siteUrl}/profile/${post.slug}?date=${day}`);
    await hydrated(page);
    expect(await page.getByTestId('availability').locator('[aria-current="date"]').getAttribute('href')).toBe(`?date=${day}`);
    await page.getByRole('button', { name: 'Send Enquiry' }).first().click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Event date').inputValue()).toBe(day);
    await dialog.getByTestId('booked-warning').waitFor();
    // A free day: no warning, and the form still sends (the warning never blocks).
    await dialog.getByLabel('Event date').fill(addDays(day, 400));
    expect(await dialog.getByTestId('booked-warning').count()).toBe(0);
  });
});
