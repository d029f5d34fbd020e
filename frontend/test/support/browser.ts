import { Browser, chromium, Page } from 'playwright-core';
import { startStack, type Stack } from './stack';

/** Debian's chromium, never a downloaded browser. CHROMIUM_PATH overrides the location. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * For a describe block: the real stack of one site and chromium for the whole block, a fresh page per test.
 * Read `s` and `page` inside the tests (they are set by the hooks).
 */
export function browserStack(site: 'church' | 'cliste' | 'multi'): { s: Stack; browser: Browser; page: Page } {
  const ctx = {} as { s: Stack; browser: Browser; page: Page };
  beforeAll(async () => {
    ctx.s = await startStack(site);
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.s?.stop();
  });
  beforeEach(async () => {
    ctx.page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(() => ctx.page?.close());
  return ctx;
}

/** Resolves once React has hydrated the page (the layout marks <html data-hydrated>). */
export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
