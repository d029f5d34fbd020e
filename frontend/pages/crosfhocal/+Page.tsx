import { answerLabel, CLIENT_MESSAGES, closingDay, competitionClosed, CROSFHOCAL_ANSWER_FIELDS } from '@directory/domain';
import { FormEvent, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Field, FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Icon';
import { type Reply, siteApi } from '../../lib/browser-api';
import { isEmail } from '../../lib/validation';
import type { Data } from './+data';

const EMPTY: Record<string, string> = { first_name: '', last_name: '', email: '', school: '', ...Object.fromEntries(CROSFHOCAL_ANSWER_FIELDS.map((k) => [k, ''])) };

/** Crosfhocal: the crossword competition (idle, loading, 'Success!' disabled, or an error that can be retried). */
export default function Page() {
  const status = useData<Data>();
  const { site } = usePageContext();
  const [form, setForm] = useState(EMPTY);
  const [subscribe, setSubscribe] = useState(true);
  const [state, setState] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [message, setMessage] = useState<string>();
  const closes = closingDay(status.closes_at);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(form).some((v) => !v.trim()) || !isEmail(form.email)) {
      setMessage('Please fill in all fields!');
      return;
    }
    setState('loading');
    setMessage(undefined);
    // The client never throws: a network failure is status 0 and takes the refusal's path below.
    const answer = await siteApi(site.apiOrigin).call<Reply>('POST', '/crosfhocal/', { ...form, subscribe });
    if (answer.status === 201) return setState('success');
    setMessage(answer.status === 409 || answer.status === 403 ? answer.body.message : CLIENT_MESSAGES.errorRefreshPage);
    setState('error');
  };

  return (
    <section className="page-narrow auth-page">
      <h1>Crosfhocal</h1>
      <p>
        Solve the crossword and send your twelve answers: the first correct entry drawn wins €{status.prize_euro}. Entries close on {closes}.
      </p>
      {!status.open && (
        <p className="form-message form-error" role="status">
          {competitionClosed(status.closes_at)}
        </p>
      )}
      <form method="post" onSubmit={submit} noValidate>
        <fieldset disabled={!status.open} className="plain-fieldset">
          <Field label="First name" name="first_name" value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} />
          <Field label="Last name" name="last_name" value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} />
          <Field label="Email" type="email" name="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          <Field label="School" name="school" value={form.school} onChange={(e) => setForm({ ...form, school: e.target.value })} />
          <div className="answers">
            {CROSFHOCAL_ANSWER_FIELDS.map((key) => (
              <Field key={key} label={answerLabel(key)} name={key} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
            ))}
          </div>
          <div className="check">
            <input id="subscribe" type="checkbox" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
            <label htmlFor="subscribe">Send me the newsletter</label>
          </div>
          <FormMessage text={message} />
          <button className="button" type="submit" disabled={state === 'loading' || state === 'success'}>
            {state === 'loading' && <Spinner />}
            {state === 'success' ? 'Success!' : 'Send answers'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
