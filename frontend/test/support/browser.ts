import { readFileSync } from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';
import { TestSmtp } from '../../../backend/test/support/smtp';
import { startStack, type Stack } from './stack';

/** Debian's chromium, never a downloaded browser. CHROMIUM_PATH overrides the location. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface BrowserStackOptions {
  /** Settings for the site server (STAGE, SITE_ENV, ...) and for the API. */
  siteEnv?: Record<string, string>;
  apiEnv?: Record<string, string>;
  /** Start a real SMTP server in the test process and point the API's mail at it. */
  smtp?: boolean;
}

/**
 * Collects what the page's Content-Security-Policy blocked: chromium's console messages and the
 * securitypolicyviolation events (written to the console by an init script, which the policy does not govern).
 */
export async function cspViolations(page: Page): Promise<string[]> {
  const reported: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && reported.push(m.text()));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  return reported;
}

/**
 * For a describe block: the real stack of one site (and an SMTP server when asked) and chromium for the whole
 * block, a fresh page per test. Read `s`, `page` and `smtp` inside the tests (they are set by the hooks). Every
 * test also checks that the site's Content-Security-Policy blocked nothing on the way.
 */
export function browserStack(site: 'church' | 'cliste' | 'multi', options: BrowserStackOptions = {}): { s: Stack; browser: Browser; page: Page; smtp: TestSmtp } {
  const ctx = { smtp: new TestSmtp() } as { s: Stack; browser: Browser; page: Page; smtp: TestSmtp };
  beforeAll(async () => {
    if (options.smtp) await ctx.smtp.start();
    ctx.s = await startStack(site, options.siteEnv, { smtpUrl: options.smtp ? ctx.smtp.url : undefined, apiEnv: options.apiEnv });
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.s?.stop();
    await ctx.smtp.stop();
  });
  let violations: string[] = [];
  beforeEach(async () => {
    ctx.page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    violations = await cspViolations(ctx.page);
  });
  afterEach(async () => {
    await ctx.page?.close();
    expect(violations).toEqual([]);
  });
  return ctx;
}

/** Resolves once React has hydrated the page (the layout marks <html data-hydrated>). */
export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A/AA findings on the page as it is now, one line per rule (empty when it passes). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  );
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
