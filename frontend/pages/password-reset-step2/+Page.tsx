import { CLIENT_MESSAGES, ERROR_MESSAGES } from '@directory/domain';
import { FormEvent, useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FormMessage, PasswordField } from '../../components/Field';
import { Spinner } from '../../components/Icon';
import { useI18n } from '../../lib/i18n';
import { type Reply, siteApi } from '../../lib/browser-api';
import { checkNewPassword } from '../../lib/validation';

/** Choose a new password from the emailed link (?email=&token=): the form shows only for a valid link. */
export default function Page() {
  const { site, urlParsed } = usePageContext();
  const { t } = useI18n();
  const email = String(urlParsed.search.email ?? '');
  const token = String(urlParsed.search.token ?? '');
  const [state, setState] = useState<'checking' | 'invalid' | 'form' | 'sending' | 'done'>('checking');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    void siteApi(site.apiOrigin)
      .call<Reply>('POST', '/password-reset/check/', { email, token })
      .then((a) => setState(a.body.message === 'success' ? 'form' : 'invalid'));
  }, [site.apiOrigin, email, token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkNewPassword(password);
    setError(problem);
    setMessage(undefined);
    if (problem) return;
    setState('sending');
    // The client never throws: a network failure is status 0 and takes the refusal's path below.
    const answer = await siteApi(site.apiOrigin).call<Reply>('POST', '/password-reset/', { email, token, password, username: email });
    if (answer.body.message === 'success') {
      setState('done');
      setTimeout(() => (window.location.href = '/log-in'), 2000);
      return;
    }
    if (answer.body.code === 'common_password') {
      setError(t('password.common'));
      setState('form');
      return;
    }
    setMessage(CLIENT_MESSAGES.serverError);
    setState('form');
  };

  return (
    <section className="page-narrow auth-page">
      <h1>Choose a new password</h1>
      {state === 'checking' && <Spinner label="Checking your link" />}
      {state === 'invalid' && (
        <div role="alert">
          <h2>{CLIENT_MESSAGES.resetProblem}</h2>
          <p>{ERROR_MESSAGES.invalid_token}</p>
          <p>
            <a href="/password-reset-step1">Ask for a new link</a>
          </p>
        </div>
      )}
      {(state === 'form' || state === 'sending') && (
        <form method="post" onSubmit={submit} noValidate>
          <PasswordField label="New password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
          <FormMessage text={message} />
          <button className="button" type="submit" disabled={state === 'sending'}>
            {state === 'sending' && <Spinner />}Save password
          </button>
        </form>
      )}
      {state === 'done' && <FormMessage kind="success" text={CLIENT_MESSAGES.resetDone} />}
    </section>
  );
}
