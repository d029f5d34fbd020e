import { lazy, ReactNode, Suspense, useEffect } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { MobileBar } from '../components/MobileBar';
import { SignOutButton } from '../components/SignOutButton';
import { COPY } from '../lib/copy';
import { replayHeldPress } from '../lib/held-press';

// Only the live site asks about cookies: elsewhere the notice and the analytics loader are never downloaded.
const CookieConsent = lazy(() => import('../components/CookieConsent').then((m) => ({ default: m.CookieConsent })));

export default function Layout({ children }: { children: ReactNode }) {
  const { site, user } = usePageContext();
  const copy = COPY[site.site];
  // Marks the page as interactive: browser tests wait for it, and CSS could too. A button pressed or a form sent before
  // hydration was held by the script loader (server/scripts-after-paint.ts): it is done now, once.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    replayHeldPress();
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="brand" href="/">
          {copy.siteName}
          <span aria-hidden="true">™</span>
        </a>
        <nav aria-label="Main">
          <ul>
            <li>
              <a href="/categories">Categories</a>
            </li>
            <li>
              <a href="/counties">Counties</a>
            </li>
            <li>
              <a href="/articles">Blog</a>
            </li>
            {user ? (
              <>
                <li>
                  <a href="/cp/dashboard">Control panel</a>
                </li>
                <li>
                  <SignOutButton />
                </li>
              </>
            ) : (
              <li>
                <a href="/log-in">Sign in</a>
              </li>
            )}
            <li>
              <a className="button button-small" href="/sign-up-start">
                Join FREE!
              </a>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {copy.siteName}™ · <a href="/about">About</a> · <a href="/contact">Contact</a> ·{' '}
          <a href="/pricing">Pricing</a> · <a href="/terms">Terms</a> · <a href="/privacy">Privacy</a>
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
