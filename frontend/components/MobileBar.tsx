import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';

/**
 * The mobile bottom bar: Explore, Join FREE!, Blog, Sign in. Hidden on large screens (CSS), in the control panel,
 * on pages with their own footer (profiles and drafts, the only pages with the enquiry form), while the map is open
 * (CSS), and while scrolling down.
 */
export function MobileBar() {
  const { urlPathname, pageId } = usePageContext();
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
    <nav aria-label="Mobile" className={`mobile-bar${hidden ? ' is-hidden' : ''}`} data-testid="mobile-bar">
      <a href="/">Explore</a>
      <a href="/sign-up-start">Join FREE!</a>
      <a href="/articles">Blog</a>
      <a href="/log-in">Sign in</a>
    </nav>
  );
}
