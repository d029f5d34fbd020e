import { CLIENT_MESSAGES, ERROR_MESSAGES } from '@directory/domain';
import { FormEvent, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Icon';
import { type Reply, siteApi } from '../../lib/browser-api';

/**
 * The link mailed to the address an account left when its email changed (?token=). Nothing happens on opening it
 * (mail scanners open links): the button puts the old address back and ends every session of the account.
 */
export default function Page() {
  const { site, urlParsed } = usePageContext();
  const token = String(urlParsed.search.token ?? '');
  const [state, setState] = useState<'ready' | 'sending' | 'done'>('ready');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    setState('sending');
    // The client never throws: a network failure is status 0 and takes the refusal's path below.
    const answer = await siteApi(site.apiOrigin).call<Reply<{ email?: string; code?: string; message?: string }>>('POST', '/email-change/undo/', { token });
    if (answer.status === 200 && answer.body.email) {
      setEmail(answer.body.email);
      return setState('done');
    }
    setMessage(answer.status === 400 ? ERROR_MESSAGES.invalid_token : (answer.body.message ?? CLIENT_MESSAGES.serverError));
    setState('ready');
  };

  return (
    <section className="page-narrow auth-page">
      <h1>Undo the email change</h1>
      {state !== 'done' && (
        <form method="post" onSubmit={submit} noValidate>
          <p>If you did not change the email of your account, put your old email back. Every session of the account ends, so whoever changed it is signed out.</p>
          <FormMessage text={message} />
          <button className="button" type="submit" disabled={state === 'sending'}>
            {state === 'sending' && <Spinner />}Put my old email back
          </button>
        </form>
      )}
      {state === 'done' && (
        <div role="status">
          <FormMessage kind="success" text={`Your email is ${email} again, and every session of your account has ended.`} />
          <p>Whoever changed it knew your password: choose a new one now.</p>
          <p>
            <a className="button" href="/password-reset-step1">
              Choose a new password
            </a>
          </p>
        </div>
      )}
    </section>
  );
}
