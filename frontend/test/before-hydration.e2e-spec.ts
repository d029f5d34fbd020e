import { CROSFHOCAL_ANSWER_FIELDS } from '@directory/domain';
import * as argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { browserStack, hydrated } from './support/browser';
import type { Stack } from './support/stack';

/**
 * What a visitor types, ticks, chooses or presses in the first moments of a page, before React has hydrated it, on a
 * phone-like load: the CPU slowed four times and a slow network, so hydration comes seconds after the paint. Every
 * form keeps what was typed or autofilled, and a press made then acts once, with the values shown. Each form is tried
 * TRIES times, starting within a frame of the first contentful paint; two pages load at once (more starve each other of
 * the two cores and time out).
 */
const TRIES = 10;
const PARALLEL = 2;
// Ten slowed pages per form take their time on a 2-core machine; the check is what they send, not how fast.
jest.setTimeout(240_000);
const PASSWORD = 'harpist2025';

/** A phone on a slow connection: what makes the window before hydration long. */
async function slowDown(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

interface Note {
  what: 'paint' | 'key';
  /** Milliseconds after the first contentful paint. */
  afterPaint: number;
  hydrated: boolean;
}

interface Try {
  page: Page;
  /** The requests the page sent to the paths given to early(), each answered 400 by the test (no side effects). */
  sent: Sent[];
  /** When the fields were filled ('paint') and each key was pressed. */
  notes: Note[];
}

/**
 * What a try does: fields filled at the paint as autofill does (a selector, or 'label:' and a label's text; a string
 * for a text box, text area or select, a boolean for a checkbox), the element focused then, and the keys then pressed
 * (a name such as Enter or Tab, or text to type).
 */
interface Plan {
  fill?: [string, string | boolean][];
  focus: string;
  keys: string[];
}

type Options = { stop?: RegExp; signedIn?: boolean };

describe('what a visitor does before hydration', () => {
  // The crossword competition open (it closes on a date in the configuration), so its form can be sent.
  const t = browserStack('church', { apiEnv: { CROSFHOCAL_CLOSES_AT: '2099-05-30T23:59:59+01:00' } });
  let s: Stack;
  beforeEach(() => ({ s } = t));
  let cookies: { name: string; value: string }[] = [];

  beforeAll(async () => {
    // A signed-in lister for the control panel's forms.
    const who = `early.${Date.now()}@example.ie`;
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await t.s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Úna', 'Early', 'member', 1)", [who, who, hash]);
    const res = await t.s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: who, password: PASSWORD, username: who }) });
    expect(res.status).toBe(200);
    cookies = res.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
  });

  /**
   * Opens path on a slowed page and, in the frame of its first contentful paint, fills the plan's fields as a browser's
   * autofill does and focuses its `focus` element; then the test presses keys at once (real key events: typing, Tab,
   * Enter). Requests to `stop` paths are recorded and refused. Resolves once the page is hydrated.
   */
  async function early(path: string, plan: Plan, i: number, options: Options = {}): Promise<Try & { context: BrowserContext }> {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (options.signedIn) await context.addCookies(cookies.map((c) => ({ ...c, url: s.siteUrl })));
    const page = await context.newPage();
    await slowDown(context, page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const sent: Sent[] = [];
    if (options.stop) {
      await page.route(options.stop, async (route) => {
        const request = route.request();
        if (request.method() === 'OPTIONS') return route.continue();
        let body: Record<string, unknown> | null = null;
        try {
          body = request.postDataJSON();
        } catch {
          body = null;
        }
        sent.push({ method: request.method(), url: request.url(), body });
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': s.siteUrl, 'Access-Control-Allow-Credentials': 'true' },
          body: JSON.stringify({ statusCode: 400, message: 'Refused by the test.' }),
        });
      });
    }
    // The page reports the paint (and whether it was hydrated by then) and each key press, in ms after the paint.
    const notes: Note[] = [];
    let painted!: () => void;
    const paint = new Promise<void>((r) => (painted = r));
    await page.exposeBinding('__note', (_source, note: Note) => {
      notes.push(note);
      if (note.what === 'paint') painted();
    });
    await page.addInitScript(
      ({ fill, focus }) => {
        const w = window as unknown as { __note: (n: unknown) => void; __done?: boolean };
        const fcp = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const note = (what: string) => w.__note({ what, afterPaint: performance.now() - fcp(), hydrated: document.documentElement.dataset.hydrated === 'true' });
        addEventListener('keydown', () => note('key'), true);
        const find = (sel: string) =>
          (sel.startsWith('label:') ? ([...document.querySelectorAll('label')].find((l) => l.textContent!.trim() === sel.slice(6))?.control ?? null) : document.querySelector(sel)) as HTMLInputElement | null;
        const act = () => {
          if (w.__done || !find(focus)) return false;
          w.__done = true;
          for (const [sel, value] of fill) {
            const el = find(sel)!;
            if (typeof value === 'boolean') {
              if (el.checked !== value) el.click();
            } else {
              el.value = value;
              el.dispatchEvent(new Event('input', { bubbles: true }));
              el.dispatchEvent(new Event('change', { bubbles: true }));
            }
          }
          find(focus)!.focus();
          note('paint');
          return true;
        };
        // Looked for in every frame: the paint's entry is there from the frame after it was shown.
        const frame = () => {
          if (Number.isNaN(fcp())) return requestAnimationFrame(frame);
          // The page is painted; while its end is still on its way, the element is looked for in every frame (a visitor
          // presses what is shown, whether or not the rest of the page, its scripts' loader among it, has arrived).
          if (!act() && document.readyState === 'loading') requestAnimationFrame(frame);
          else act();
        };
        requestAnimationFrame(frame);
      },
      { fill: plan.fill ?? [], focus: plan.focus },
    );
    await page.goto(`${s.siteUrl}${path}`, { waitUntil: 'commit' });
    await paint;
    for (const key of plan.keys) await (key.length > 1 && !/^(Enter|Tab|Space)$/.test(key) ? page.keyboard.type(key) : page.keyboard.press(key === 'Space' ? ' ' : key));
    // A slowed page may take longer than the usual 30 s to hydrate while four others load beside it.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 120_000 });
    if (process.env.DEBUG_EARLY) console.log(path, i, JSON.stringify(notes), errors);
    return { page, sent, notes, context };
  }

  /** Runs TRIES tries of one form, PARALLEL at a time, and checks each. */
  async function tries(path: string, plan: (i: number) => Plan, check: (t: Try, i: number) => Promise<void>, options: Options = {}) {
    const filledAt: number[] = [];
    let pressedBefore = 0;
    for (let first = 0; first < TRIES; first += PARALLEL) {
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, TRIES - first) }, async (_, k) => {
          const i = first + k;
          const run = await early(path, plan(i), i, options);
          try {
            // Filled at the paint, before hydration, else the try would prove nothing. The keys follow at once, but the
            // slowed page handles them when it can: now and then after hydration, which must lose nothing either.
            const [paint, ...keys] = run.notes;
            expect(paint.what).toBe('paint');
            expect(paint.hydrated).toBe(false);
            expect(keys.length).toBeGreaterThan(0);
            expect(keys[0].hydrated).toBe(false);
            if (!keys[keys.length - 1].hydrated) pressedBefore++;
            filledAt.push(paint.afterPaint);
            await check(run, i);
          } finally {
            await run.context.close();
          }
        }),
      );
    }
    if (process.env.DEBUG_EARLY) console.log(path, 'filled after the paint (ms):', filledAt.sort((a, b) => a - b).join(' '), 'pressed before hydration:', pressedBefore);
    // Most presses come before hydration (the last key handled while the page was not yet hydrated); typing runs on
    // past it, and its first key must come before (checked above).
    if (plan(0).keys.length === 1) expect(pressedBefore).toBeGreaterThanOrEqual(TRIES / 2);
  }

  /** The requests sent, once the first has come and the page has had time to send a second (it must not). */
  const settled = async (run: Try) => {
    const until = Date.now() + 20000;
    while (!run.sent.length && Date.now() < until) await run.page.waitForTimeout(50);
    await run.page.waitForTimeout(500);
    return run.sent;
  };

  it('sign-up start: the email filled and Enter pressed go on to /sign-up with that email', async () => {
    await tries(
      '/sign-up-start',
      (i) => ({ fill: [['input[name=email]', `start.${i}@example.ie`]], focus: 'input[name=email]', keys: ['Enter'] }),
      async ({ page }, i) => {
        await page.waitForURL(`${s.siteUrl}/sign-up`);
        await hydrated(page);
        expect(await page.getByLabel('Work email').inputValue()).toBe(`start.${i}@example.ie`);
      },
    );
  });

  it('sign-up: names, email, password and the ticked terms are kept and sent once', async () => {
    await tries(
      '/sign-up',
      (i) => ({
        fill: [
          ['input[name=name]', `Áine Early${i}`],
          ['input[name=email]', `signup.${i}@example.ie`],
          ['input[name=password]', 'Harpist-2025!'],
          ['#terms', true],
        ],
        focus: 'button[type=submit]',
        keys: ['Enter'],
      }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toMatchObject({ email: `signup.${i}@example.ie`, password: 'Harpist-2025!', first_name: 'Áine', last_name: `Early${i}`, terms: true, marketing: false });
        expect(await run.page.getByLabel('Full name').inputValue()).toBe(`Áine Early${i}`);
        expect(await run.page.getByLabel('Work email').inputValue()).toBe(`signup.${i}@example.ie`);
        expect(await run.page.locator('#terms').isChecked()).toBe(true);
      },
      { stop: /\/sign-up\/$/ },
    );
  });

  for (const path of ['/log-in', '/log-in-stage']) {
    it(`${path}: the email and password typed stay and are sent once`, async () => {
      await tries(
        path,
        (i) => ({ focus: 'input[name=email]', keys: [`login.${i}@example.ie`, 'Tab', `Secret-${i}-pass`, 'Enter'] }),
        async (run, i) => {
          const sent = await settled(run);
          const shown = { email: await run.page.getByLabel('Email').inputValue(), password: await run.page.getByLabel('Password', { exact: true }).inputValue() };
          expect({ sent: sent.length, shown }).toEqual({ sent: 1, shown: { email: `login.${i}@example.ie`, password: `Secret-${i}-pass` } });
          expect(sent[0].body).toMatchObject({ email: `login.${i}@example.ie`, password: `Secret-${i}-pass` });
          expect(await run.page.getByLabel('Email').inputValue()).toBe(`login.${i}@example.ie`);
          expect(await run.page.getByLabel('Password', { exact: true }).inputValue()).toBe(`Secret-${i}-pass`);
        },
        { stop: /\/session\/login$/ },
      );
    });
  }

  it('log-in: what a password manager fills at the paint stays and is sent once', async () => {
    await tries(
      '/log-in',
      (i) => ({ fill: [['input[name=email]', `filled.${i}@example.ie`], ['input[name=password]', `Filled-${i}-pass`]], focus: 'button[type=submit]', keys: ['Enter'] }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toMatchObject({ email: `filled.${i}@example.ie`, password: `Filled-${i}-pass` });
        expect(await run.page.getByLabel('Password', { exact: true }).inputValue()).toBe(`Filled-${i}-pass`);
      },
      { stop: /\/session\/login$/ },
    );
  });

  it('sign-up, code step: the password and the four digits typed are kept and the code is sent once', async () => {
    // Codes are four digits from 1 to 9.
    const code = (i: number) => [0, 1, 2, 3].map((k) => 1 + ((i + k * 3) % 9)).join('');
    await tries(
      '/sign-up?email=code.0%40example.ie',
      (i) => ({ fill: [['input[name=password]', `Code-${i}-pass!`]], focus: 'input[aria-label="Digit 1"]', keys: [code(i)] }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toMatchObject({ email: 'code.0@example.ie', password: `Code-${i}-pass!`, signUpCode: code(i) });
        const shown = await Promise.all([1, 2, 3, 4].map((d) => run.page.getByLabel(`Digit ${d}`).inputValue()));
        expect(shown.join('')).toBe(code(i));
      },
      { stop: /\/session\/sign-up-code$/ },
    );
  });

  it('crossword: the names, school, twelve answers and the unticked newsletter box are kept and sent once', async () => {
    const answers = (i: number) => Object.fromEntries(CROSFHOCAL_ANSWER_FIELDS.map((k, n) => [k, `freagra${n}x${i}`]));
    await tries(
      '/crosfhocal',
      (i) => ({
        fill: [
          ['input[name=first_name]', 'Siobhán'],
          ['input[name=last_name]', `Early${i}`],
          ['input[name=email]', `crossword.${i}@example.ie`],
          ['input[name=school]', 'Scoil Mhuire'],
          ...Object.entries(answers(i)).map(([k, v]): [string, string] => [`input[name=${k}]`, v]),
          ['#subscribe', false],
        ],
        focus: 'button[type=submit]',
        keys: ['Enter'],
      }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toEqual({ first_name: 'Siobhán', last_name: `Early${i}`, email: `crossword.${i}@example.ie`, school: 'Scoil Mhuire', ...answers(i), subscribe: false });
        expect(await run.page.locator('#subscribe').isChecked()).toBe(false);
      },
      { stop: /\/crosfhocal\/$/ },
    );
  });

  it('contact: the names, email and message (a text area) are kept and sent once', async () => {
    await tries(
      '/contact',
      (i) => ({
        fill: [
          ['input[name=firstName]', 'Nóra'],
          ['input[name=lastName]', `Early${i}`],
          ['input[name=email]', `contact.${i}@example.ie`],
          ['#contact-message', `Message number ${i}.`],
        ],
        focus: 'button[type=submit]',
        keys: ['Enter'],
      }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toMatchObject({ firstName: 'Nóra', lastName: `Early${i}`, email: `contact.${i}@example.ie`, message: `Message number ${i}.` });
        expect(await run.page.locator('#contact-message').inputValue()).toBe(`Message number ${i}.`);
      },
      { stop: /\/contact\/$/ },
    );
  });

  it('password reset request: the email is kept and asked for once', async () => {
    await tries(
      '/password-reset-step1',
      (i) => ({ fill: [['input[name=email]', `reset.${i}@example.ie`]], focus: 'input[name=email]', keys: ['Enter'] }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(new URL(sent[0].url).searchParams.get('email')).toBe(`reset.${i}@example.ie`);
        expect(await run.page.getByLabel('Email').inputValue()).toBe(`reset.${i}@example.ie`);
      },
      { stop: /\/password-reset-step1\/\?/ },
    );
  });

  it('control panel, new listing: text, text area and the chosen selects are kept and sent once', async () => {
    const category = (await s.api<{ id: number; name: string }[]>('/api/categories/')).body[0];
    await tries(
      '/cp/listings/new',
      (i) => ({
        fill: [
          ['label:Title', `Early Harp ${i}`],
          ['label:Description', `Played early, number ${i}.`],
          ['label:Category', String(category.id)],
          ['label:County', 'cork'],
          ['label:Area', 'Kinsale'],
        ],
        focus: 'button[type=submit][form="listing-form"]',
        keys: ['Enter'],
      }),
      async (run, i) => {
        const sent = (await settled(run)).filter((r) => r.method === 'POST');
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toMatchObject({ title: `Early Harp ${i}`, content: `Played early, number ${i}.`, category: category.id, tag_slug: 'cork', vitals: { area: 'Kinsale' } });
        expect(await run.page.getByLabel('Category').inputValue()).toBe(String(category.id));
        expect(await run.page.getByLabel('Description').inputValue()).toBe(`Played early, number ${i}.`);
      },
      { stop: /\/api\/posts\/$/, signedIn: true },
    );
  });

  it('review form: the stars chosen, the text, first name, county and the booked answer are kept and sent once', async () => {
    // An invitation already mailed, its link's token stored hashed as the API stores it: the form opens on every try,
    // and the test refuses what it sends, so the link stays unused.
    const [post] = (await s.api<{ id: number; title: string }[]>('/api/posts/?limit=1')).body;
    const token = randomBytes(32).toString('base64url');
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    await s.sql(
      "INSERT INTO review_invitations (enquiry_id, post_id, email, name, due_at, sent_at, expires_at, lister_booked, reminders_sent) VALUES (987654, ?, 'early.reviewer@example.ie', 'Aoife Early', ?, ?, ?, 1, 0)",
      [post.id, at(-1), at(-1), at(364)],
    );
    const [invitation] = await s.sql('SELECT id FROM review_invitations WHERE enquiry_id = 987654');
    await s.sql('INSERT INTO review_tokens (invitation_id, token_hash) VALUES (?, ?)', [invitation.id, createHash('sha256').update(token).digest('hex')]);
    const text = (i: number) => `Played everything we asked for, early try number ${i}, and stayed late.`;
    await tries(
      `/reviews?token=${token}`,
      (i) => ({
        fill: [
          [`input[name=rating][value="${1 + (i % 5)}"]`, true],
          ['input[name="ratings.value"][value="4"]', true],
          ['#review-text', text(i)],
          ['input[name=first_name]', `Aoife${i}`],
          ['#review-county', 'cork'],
          ['input[name=booked][value=yes]', true],
        ],
        focus: 'button[type=submit]',
        keys: ['Enter'],
      }),
      async (run, i) => {
        const sent = await settled(run);
        expect(sent).toHaveLength(1);
        expect(sent[0].body).toEqual({ token, rating: 1 + (i % 5), ratings: { value: 4 }, text: text(i), first_name: `Aoife${i}`, county: 'cork', booked: true });
        expect(await run.page.locator(`input[name=rating][value="${1 + (i % 5)}"]`).isChecked()).toBe(true);
        expect(await run.page.locator('#review-text').inputValue()).toBe(text(i));
        expect(await run.page.locator('#review-county').inputValue()).toBe('cork');
      },
      { stop: /\/api\/reviews\/$/ },
    );
  });

  it("listing: 'Show map' pressed at the paint, while the page's end is still arriving, opens the map once hydrated", async () => {
    await tries(
      '/categories/female-singers',
      () => ({ focus: '[data-testid="show-map"]', keys: ['Enter'] }),
      async ({ page }) => {
        const map = page.getByRole('dialog', { name: 'Map of profiles' });
        await map.waitFor({ timeout: 20000 });
        expect(await map.count()).toBe(1);
      },
    );
  });
});
