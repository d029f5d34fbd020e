import { ERROR_MESSAGES } from '@directory/domain';
import { useEffect, useRef, useState } from 'react';
import { LoginForm } from '../../components/LoginForm';

/** Log in; on success the control panel. A background image fades in once loaded. */
export default function Page() {
  const [bgLoaded, setBgLoaded] = useState(false);
  const [changeFor, setChangeFor] = useState<string | null>(null);
  const modal = useRef<HTMLDialogElement>(null);
  const bg = useRef<HTMLImageElement>(null);

  useEffect(() => {
    if (bg.current?.complete) setBgLoaded(true);
  }, []);
  useEffect(() => {
    if (changeFor && !modal.current?.open) modal.current?.showModal();
  }, [changeFor]);

  return (
    <div className="login-page">
      <img ref={bg} className={`login-bg${bgLoaded ? ' is-loaded' : ''}`} src="/images/login-background.svg" alt="" onLoad={() => setBgLoaded(true)} />
      <section className="page-narrow auth-page auth-card">
        <h1>Log In</h1>
        <LoginForm submitLabel="Log in" onSuccess={() => (window.location.href = '/cp/dashboard')} onPasswordChange={setChangeFor} />
        <p>
          <a href="/password-reset-step1">Forgot your password?</a>
        </p>
        <p>
          New here? See our <a href="/pricing">pricing</a> or <a href="/sign-up-start">sign up for free</a>.
        </p>
      </section>
      <dialog ref={modal} className="refine-dialog" aria-labelledby="pw-change-title" onClose={() => setChangeFor(null)}>
        <h2 id="pw-change-title">Password Update Needed!</h2>
        <p>{ERROR_MESSAGES.password_change_needed} Please choose a new password: we will email you a link.</p>
        <a className="button" href={`/password-reset-step1?email=${encodeURIComponent(changeFor ?? '')}`}>
          Email me a link
        </a>{' '}
        <button type="button" className="button button-secondary" onClick={() => modal.current?.close()}>
          Close
        </button>
      </dialog>
    </div>
  );
}
