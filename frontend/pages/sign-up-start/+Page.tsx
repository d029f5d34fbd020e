import { FormEvent, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Field } from '../../components/Field';
import { COPY } from '../../lib/copy';
import { START_EMAIL_KEY, START_PLAN_KEY } from '../../lib/session-keys';
import { MSG } from '../../lib/validation';


/** Sign-up start: a work email, then on to /sign-up (the email travels in session storage, not the URL). */
export default function Page() {
  const { site, urlParsed } = usePageContext();
  const copy = COPY[site.site];
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError(MSG.startEmail);
    sessionStorage.setItem(START_EMAIL_KEY, email.trim());
    const plan = String(urlParsed.search.plan ?? '');
    if (['monthly', 'yearly', 'free'].includes(plan)) sessionStorage.setItem(START_PLAN_KEY, plan);
    window.location.href = '/sign-up';
  };
  return (
    <section className="page-narrow auth-page">
      <a className="close-link" href="/" aria-label="Close">
        ×
      </a>
      <h1>Sign up for FREE</h1>
      <p>Are you a {copy.listerType}?</p>
      <p>and start using {copy.siteName} in seconds!</p>
      <form method="post" onSubmit={next} noValidate>
        <Field label="Work email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        <button className="button" type="submit">
          Next
        </button>
      </form>
    </section>
  );
}
