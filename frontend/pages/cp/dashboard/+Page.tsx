import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { authFetch, FIRST_VISIT_KEY } from '../../../lib/session';

/** The control panel's first page: who is signed in and their account email (signing out is in the header). */
export default function Page() {
  const { user, site } = usePageContext();
  const [firstVisit, setFirstVisit] = useState(false);
  const [email, setEmail] = useState<string>();

  useEffect(() => {
    setFirstVisit(sessionStorage.getItem(FIRST_VISIT_KEY) === '1');
    sessionStorage.removeItem(FIRST_VISIT_KEY);
    authFetch(`${site.apiOrigin}/api/me/`)
      .then((r) => (r.ok ? r.json() : null))
      .then((me) => me && setEmail(me.email))
      .catch(() => undefined);
  }, [site.apiOrigin]);

  return (
    <section className="page-narrow">
      <h1>Welcome{firstVisit ? '' : ' back'}, {user?.firstName}</h1>
      {firstVisit && <p>Your account is ready. Next, build your profile so visitors can find you.</p>}
      <p data-testid="account-email">{email ? `Signed in as ${email}` : ' '}</p>
    </section>
  );
}
