import * as argon2 from 'argon2';
import { browserStack, hydrated } from './support/browser';
import { monthLabels } from './support/chart';

const PASSWORD = 'harpist2025';

/** The control panel's statistics in chromium, as a lister on a desktop and on a 320 px phone sees them. */
describe('statistics chart in chromium', () => {
  const t = browserStack('church');
  const email = `chart.${Date.now()}@example.ie`;

  beforeAll(async () => {
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await t.s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Róisín', 'Walsh', 'member', 1)", [email, email, hash]);
  });

  it('writes each month it labels level under its own bar, apart from the next and inside the chart: all twelve on a desktop, every other one on a 320 px phone', async () => {
    const { s, page } = t;
    const login = await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, username: email }) });
    expect(login.status).toBe(200);
    await page.context().addCookies(
      login.headers.getSetCookie().map((line) => {
        const [name, ...value] = line.split(';')[0].split('=');
        return { name, value: value.join('='), url: s.siteUrl };
      }),
    );
    for (const [width, labelled] of [[1280, 12], [320, 6]]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${s.siteUrl}/cp/statistics`);
      await hydrated(page);
      await page.waitForFunction(() => document.querySelector<HTMLCanvasElement>('[data-testid="stats-chart"]')?.dataset.rendered === 'true');
      // The months as the table below the chart names them.
      expect(await page.getByTestId('months-table').locator('tbody th').allTextContents()).toEqual(Array(12).fill(expect.stringMatching(/^[A-Z][a-z]{2,3} \d{4}$/)));
      const { width: canvasWidth, slot, left, runs } = await monthLabels(page.getByTestId('stats-chart'));
      expect([width, runs.length]).toEqual([width, labelled]);
      for (const [from, to] of runs) {
        // Centred under a bar: a label turned aslant, or two run together, is not.
        const centre = (from + to) / 2;
        const bar = Math.round((centre - left) / slot - 0.5);
        expect([width, from, to, Math.abs(centre - (left + (bar + 0.5) * slot)) <= 3, from > 0 && to < canvasWidth - 1]).toEqual([width, from, to, true, true]);
      }
    }
  });
});
