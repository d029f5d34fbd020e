import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStack } from '../test/support/stack.js';

/**
 * `npm run lighthouse`: Lighthouse 12 (mobile: its default Moto G Power emulation and simulated slow 4G) with Debian's
 * chromium on the eight public pages docs/performance.md names, printing the four category scores per page and every audit that did not pass.
 *
 * By default it starts its own stack (a fresh seeded church database, the built API and site, as the page tests do)
 * on LIGHTHOUSE_API_PORT / LIGHTHOUSE_SITE_PORT (3912 / 8912). LIGHTHOUSE_SITE_URL (and LIGHTHOUSE_API_URL, to find a
 * profile and an article) measure running servers instead; there the control panel is measured signed in as
 * LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD, or skipped without them. LIGHTHOUSE_RUNS (1) runs each page that many times
 * and keeps the median performance run; LIGHTHOUSE_PAGES (comma-separated paths) narrows the list.
 * LIGHTHOUSE_JSON_DIR saves each page's kept report there as JSON (to read what Lantern's simulation counted).
 * CHROMIUM_PATH overrides /usr/bin/chromium. Needs `make build` first.
 */
const require = createRequire(import.meta.url);
const CHROME = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// The browser first, before any server starts: chrome-launcher reports a browser it cannot start as an 'error' event
// that ends the process, which would leave a stack started before it running.
if (CHROME.includes('/') && !existsSync(CHROME)) {
  console.error(`Lighthouse needs Chromium at ${CHROME}: 'apt-get install -y chromium' (make test installs it when run as root), or set CHROMIUM_PATH.`);
  process.exit(1);
}
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });

let stack;
let siteUrl = process.env.LIGHTHOUSE_SITE_URL?.replace(/\/$/, '');
let apiUrl = process.env.LIGHTHOUSE_API_URL?.replace(/\/$/, '') ?? siteUrl;
let cookie = '';
try {
  if (!siteUrl) {
    stack = await startStack('church', {}, { apiPort: Number(process.env.LIGHTHOUSE_API_PORT ?? 3912), sitePort: Number(process.env.LIGHTHOUSE_SITE_PORT ?? 8912) });
    siteUrl = stack.siteUrl;
    apiUrl = stack.apiUrl;
  }
  cookie = await signedInCookie();
  const paths = await pagesToMeasure();
  const rows = [];
  for (const { name, path, signedIn } of paths) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // Chromium sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP): that run is tried again, twice at most.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const result = await lighthouse(
          `${siteUrl}${path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders: signedIn ? { Cookie: cookie } : undefined },
        );
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        console.warn(`${path}: ${lhr.runtimeError.code}, running it again`);
      }
      runs.push(lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    if (lhr.finalDisplayedUrl.replace(/\/$/, '') !== `${siteUrl}${path}`.replace(/\/$/, '')) throw new Error(`${path} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    rows.push({ name, path, lhr });
    if (process.env.LIGHTHOUSE_JSON_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_JSON_DIR, `${path.replace(/[^a-z0-9]+/gi, '_') || '_'}.json`), JSON.stringify(lhr));
    }
  }

  const version = require('lighthouse/package.json').version;
  console.log(`\nLighthouse ${version}, mobile, ${await chromeVersion()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}${RUNS > 1 ? `, median of ${RUNS} runs` : ''}\n`);
  console.log('| page | path | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|---|');
  for (const { name, path, lhr } of rows) {
    console.log(`| ${name} | ${path} | ${CATEGORIES.map((c) => Math.round(lhr.categories[c].score * 100)).join(' | ')} |`);
  }
  for (const { path, lhr } of rows) {
    const failing = failingAudits(lhr);
    if (failing.length) console.log(`\n${path}:\n${failing.map((f) => `  - ${f}`).join('\n')}`);
  }
  const metrics = rows.map(({ path, lhr }) => `${path}: FCP ${lhr.audits['first-contentful-paint'].displayValue}, LCP ${lhr.audits['largest-contentful-paint'].displayValue}, TBT ${lhr.audits['total-blocking-time'].displayValue}, CLS ${lhr.audits['cumulative-layout-shift'].displayValue}`);
  console.log(`\n${metrics.join('\n')}`);
} finally {
  await chrome.kill();
  await stack?.stop();
}

/** The audits of the four categories that did not score 1 (informative and not-applicable ones left out). */
function failingAudits(lhr) {
  const seen = new Set();
  const out = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (seen.has(ref.id) || audit.score === null || audit.score >= 1 || ['manual', 'informative', 'notApplicable'].includes(audit.scoreDisplayMode)) continue;
      // Lighthouse 12 reports most findings twice, as an audit and as a newer "insight": the audits are kept.
      if (ref.id.endsWith('-insight')) continue;
      seen.add(ref.id);
      out.push(`${c}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [${ref.id}, score ${audit.score}]`);
      // What the console said, and which resources or elements an audit names, in a few words each.
      const items = (audit.details?.items ?? []).slice(0, 3);
      for (const item of items) {
        const what = item.description ?? item.url ?? item.node?.snippet ?? item.reason ?? item.label;
        if (typeof what === 'string') out.push(`    ${what.slice(0, 160)}`);
      }
    }
  }
  return out;
}

/** Finds a profile and an article to measure, from the API's first answers. */
async function pagesToMeasure() {
  const get = async (path) => {
    const res = await fetch(`${apiUrl}${path}`);
    if (!res.ok) throw new Error(`${apiUrl}${path}: ${res.status}`);
    return res.json();
  };
  const [post] = await get('/api/posts/?limit=1');
  const [article] = await get('/api/articles/');
  const all = [
    { name: 'home', path: '/' },
    { name: 'category', path: '/categories/female-singers' },
    { name: 'category in county', path: '/categories/female-singers/dublin' },
    // The Irish pages converted so far (docs/i18n.md).
    { name: 'home in Irish', path: '/ga' },
    { name: 'category in county in Irish', path: '/ga/categories/female-singers/dublin' },
    { name: 'profile', path: `/profile/${post.slug}` },
    { name: 'articles', path: '/articles' },
    { name: 'article', path: `/articles/${article.slug}` },
    { name: 'pricing', path: '/pricing' },
    ...(cookie ? [{ name: 'control panel (signed in)', path: '/cp/dashboard', signedIn: true }] : []),
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
  return only ? all.filter((p) => only.includes(p.path) || only.includes(p.name)) : all;
}

/**
 * The session cookie of a lister, from the site's own login. On its own stack the lister is made in the database
 * first (as the signed-in page tests do); on running servers it is LIGHTHOUSE_EMAIL's account.
 */
async function signedInCookie() {
  let email = process.env.LIGHTHOUSE_EMAIL;
  let password = process.env.LIGHTHOUSE_PASSWORD;
  if (stack) {
    const argon2 = require('argon2');
    email = 'lighthouse.lister@example.ie';
    password = randomBytes(12).toString('hex');
    const hash = await argon2.hash(password, { type: argon2.argon2id });
    await stack.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Aoife', 'Lighthouse', 'member', 1)", [email, email, hash]);
  }
  if (!email || !password) {
    console.warn('LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD not set: the control panel is not measured.');
    return '';
  }
  const res = await fetch(`${siteUrl}/session/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, username: email, password }) });
  if (res.status !== 200) throw new Error(`Signing in as ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
}

async function chromeVersion() {
  const res = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
  return (await res.json()).Browser.replace('/', ' ');
}
