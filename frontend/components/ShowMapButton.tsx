import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n';

/** The page title sits this far down: the button waits until the visitor has scrolled past it. */
export const TITLE_REACHED_PX = 85;

/** Floating 'Show map' button: hidden while scrolling down and before the title is reached; visible on focus. */
export function ShowMapButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setShown(y > TITLE_REACHED_PX && y <= last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button type="button" className={`button show-map${shown ? ' is-shown' : ''}`} onClick={onOpen} data-testid="show-map">
      {t('listing.showMap')}
    </button>
  );
}
