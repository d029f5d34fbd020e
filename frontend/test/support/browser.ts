import { Browser, chromium } from 'playwright-core';

/** Debian's chromium, never a downloaded browser. CHROMIUM_PATH overrides the location. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
