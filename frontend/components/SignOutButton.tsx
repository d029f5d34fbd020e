import { useState } from 'react';
import { logOut } from '../lib/session';

/** Ends the session here and at the API, then opens home as a visitor (a 503 from the API still signs out this browser). */
export function SignOutButton() {
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    await logOut().catch(() => undefined);
    window.location.href = '/';
  };
  return (
    <button type="button" className="link-button" onClick={signOut} disabled={leaving}>
      Sign out
    </button>
  );
}
