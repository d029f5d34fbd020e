import { useState } from 'react';

/** Ends the session here and at the API, then opens home as a visitor (a 503 from the API still signs out this browser). */
export function SignOutButton() {
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    // Fetched on the click: the session helpers are not among every page's first JavaScript (issue 15's budget).
    await import('../lib/session').then(({ logOut }) => logOut()).catch(() => undefined);
    window.location.href = '/';
  };
  return (
    <button type="button" className="link-button" onClick={signOut} disabled={leaving}>
      Sign out
    </button>
  );
}
