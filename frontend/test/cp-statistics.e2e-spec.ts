import * as argon2 from 'argon2';
import type { Page } from 'playwright-core';
import { browserStack, hydrated } from './support/browser';

const PASSWORD = 'harpist2025';

/**
 * The month labels under the control panel's statistics chart (chart.js on a canvas), as the canvas shows them: below
 * the x axis (the lowest row its faint grid colour crosses) and its 8 px tick marks, the columns holding chart.js's grey
 * text, in runs parted by more than 6 px of clear canvas (one run a label: a space between words is narrower); and the
 * plot's twelve bar slots.
 */
function monthLabels(page: Page) {
  return page.getByTestId('stats-chart').evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const { width, height } = canvas;
    const px = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    const rgba = (x: number, y: number) => px.subarray((y * width + x) * 4, (y * width + x) * 4 + 4);
    // chart.js writes its labels in #666 and draws its grid and axis in black at 10% opacity.
    const isText = (x: number, y: number) => {
      const [r, g, b, a] = rgba(x, y);
      return a > 96 && Math.max(r, g, b) - Math.min(r, g, b) < 16 && r < 170;
    };
    const isLine = (x: number, y: number) => {
      const [r, g, b, a] = rgba(x, y);
      return a > 0 && a < 80 && r + g + b < 40;
    };
    const columns = [...Array(width).keys()];
    let axis = height - 1;
    while (axis > 0 && columns.filter((x) => isLine(x, axis)).length < width / 2) axis--;
    // The plot runs from the first of the grid's upright lines (down the 100 rows above the axis) to the axis's end.
    const left = columns.find((x) => [...Array(100).keys()].every((dy) => isLine(x, axis - 1 - dy)))!;
    const right = columns.filter((x) => isLine(x, axis)).pop()! + 1;
    const runs: [number, number][] = [];
    for (const x of columns) {
      let ink = false;
      for (let y = axis + 9; y < height && !ink; y++) ink = isText(x, y);
      if (!ink) continue;
      const last = runs[runs.length - 1];
      if (last && x - last[1] <= 7) last[1] = x;
      else runs.push([x, x]);
    }
    return { width, slot: (right - left) / 12, left, runs };
  });
}

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
      const { width: canvasWidth, slot, left, runs } = await monthLabels(page);
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
