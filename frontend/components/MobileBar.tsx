import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../lib/i18n';

/**
 * The mobile bottom bar: Explore, Join FREE!, Blog, Sign in; a signed-in member has joined and is signed in, so gets
 * Explore, Blog and Control panel. Hidden on large screens (CSS), in the control panel,
 * on pages with their own footer (profiles and drafts, the only pages with the enquiry form), while the map is open
 * (CSS), and while scrolling down.
 */
export function MobileBar() {
  const { urlPathname, pageId, user } = usePageContext();
  const { t, href } = useI18n();
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return;
      setHidden(y > last && y > 40);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (urlPathname.startsWith('/cp') || /\/(profile|drafts)$/.test(pageId ?? '')) return null;
  return (
    <nav aria-label={t('layout.mobileNav')} className={`mobile-bar${hidden ? ' is-hidden' : ''}`} data-testid="mobile-bar">
      <a href={href('/')}>{t('layout.explore')}</a>
      {!user && <a href={href('/sign-up-start')}>{t('layout.joinFree')}</a>}
      <a href={href('/articles')}>{t('layout.blog')}</a>
      {user ? <a href={href('/cp/dashboard')}>{t('layout.controlPanel')}</a> : <a href={href('/log-in')}>{t('layout.signIn')}</a>}
    </nav>
  );
}
