import { CLIENT_MESSAGES, ERROR_MESSAGES } from '@directory/domain';
import { FormEvent, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Field, FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Icon';
import { checkResetEmail } from '../../lib/validation';
import { type Reply, siteApi } from '../../lib/browser-api';

/** Ask for a reset link; on success the button stays disabled. */
export default function Page() {
  const { site, urlParsed } = usePageContext();
  const [email, setEmail] = useState(typeof urlParsed.search.email === 'string' ? urlParsed.search.email : '');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkResetEmail(email);
    setError(problem);
    setMessage(undefined);
    if (problem) return;
    setState('sending');
    // A network failure is status 0: no record, as any other refusal but the rate limit's.
    const { status, body } = await siteApi(site.apiOrigin).call<Reply>('GET', `/password-reset-step1/?email=${encodeURIComponent(email.trim())}`);
    if (body.message === 'success') {
      setMessage({ text: CLIENT_MESSAGES.resetSent, kind: 'success' });
      return setState('sent');
    }
    setMessage({ text: (status === 429 && body.message) || ERROR_MESSAGES.no_record, kind: 'error' });
    setState('idle');
  };

  return (
    <section className="page-narrow auth-page">
      <h1>Reset your password</h1>
      <form method="post" onSubmit={submit} noValidate>
        <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        <FormMessage text={message?.text} kind={message?.kind} />
        <button className="button" type="submit" disabled={state !== 'idle'}>
          {state === 'sending' && <Spinner />}Send me a link
        </button>
      </form>
    </section>
  );
}
