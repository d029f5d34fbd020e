import { useState } from 'react';
import { useI18n } from '../lib/i18n';

/** Ends the session here and at the API, then opens home as a visitor (a 503 from the API still signs out this browser). */
export function SignOutButton() {
  const { t, href } = useI18n();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    // Fetched on the click: the session helpers are not among every page's first JavaScript (the page JavaScript budget, docs/performance.md).
    await import('../lib/browser-api').then(({ logOut }) => logOut()).catch(() => undefined);
    window.location.href = href('/');
  };
  return (
    <button type="button" className="link-button" onClick={signOut} disabled={leaving}>
      {t('layout.signOut')}
    </button>
  );
}
