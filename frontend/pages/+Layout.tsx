import { lazy, ReactNode, Suspense, useLayoutEffect } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { MobileBar } from '../components/MobileBar';
import { TAKE_OVER, type TakeOver } from '../lib/loader-names';
import { useI18n } from '../lib/i18n';

// Only the live site asks about cookies: elsewhere the notice and the analytics loader are never downloaded.
const CookieConsent = lazy(() => import('../components/CookieConsent').then((m) => ({ default: m.CookieConsent })));
// Only signed-in members see it, and their pages are never the first visit: its code stays out of every page's first
// JavaScript (the page JavaScript budget, docs/performance.md).
const SignOutButton = lazy(() => import('../components/SignOutButton').then((m) => ({ default: m.SignOutButton })));

/** The footer's pages, in order: each at `/{name}`, named by `layout.{name}` (a list costs the page's JavaScript less than its links' markup). */
const FOOTER = ['about', 'contact', 'pricing', 'reviews', 'terms', 'privacy'] as const;

export default function Layout({ children }: { children: ReactNode }) {
  const { site, user } = usePageContext();
  const { t, href } = useI18n();
  const { siteName } = site.copy;
  // At the hydration's commit, before any render can write React's empty state over them: what was typed or
  // autofilled before hydration goes to the forms' state, then a press the script loader held is done, once
  // (server/scripts-after-paint.ts). Then the page is marked interactive: browser tests wait for it, and CSS could too.
  useLayoutEffect(() => {
    const hydrated = () => {
      document.documentElement.dataset.hydrated = 'true';
    };
    const takeOver = (window as unknown as Record<string, TakeOver | undefined>)[TAKE_OVER];
    if (takeOver) takeOver(hydrated);
    else hydrated();
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="site-header">
        <a className="brand" href={href('/')}>
          {siteName}
          <span aria-hidden="true">™</span>
        </a>
        {/* On a phone the links wait behind Menu, so the header is one row. A native popover: it opens, closes on Escape
            or outside, and tells assistive technology so, before the page's scripts run too; from 768 px the links show
            in the row and the button is hidden (styles/global.css). */}
        <button type="button" className="menu-button" popoverTarget="site-menu">
          {t('layout.menu')}
        </button>
        <nav id="site-menu" popover="auto" aria-label={t('layout.mainNav')}>
          <ul>
            <li>
              <a href={href('/categories')}>{t('layout.categories')}</a>
            </li>
            <li>
              <a href={href('/counties')}>{t('layout.counties')}</a>
            </li>
            <li>
              <a href={href('/articles')}>{t('layout.blog')}</a>
            </li>
            {user ? (
              <>
                <li>
                  <a href={href('/cp/dashboard')}>{t('layout.controlPanel')}</a>
                </li>
                <li>
                  <Suspense fallback={null}>
                    <SignOutButton />
                  </Suspense>
                </li>
              </>
            ) : (
              <>
                <li>
                  <a href={href('/log-in')}>{t('layout.signIn')}</a>
                </li>
                <li>
                  <a className="button button-small" href={href('/sign-up-start')}>
                    {t('layout.joinFree')}
                  </a>
                </li>
              </>
            )}
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {siteName}™
          {FOOTER.flatMap((name) => [
            ' · ',
            <a key={name} href={href(`/${name}`)}>
              {t(`layout.${name}`)}
            </a>,
          ])}
        </p>
      </footer>
      <MobileBar />
      {site.production && (
        <Suspense fallback={null}>
          <CookieConsent />
        </Suspense>
      )}
    </>
  );
}
