import { CLIENT_MESSAGES } from '@directory/domain';
import { FormEvent, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Field, FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Icon';
import { type Reply, siteApi } from '../../lib/browser-api';
import { isEmail } from '../../lib/validation';
import type { Data } from './+data';

const EMPTY = { firstName: '', lastName: '', email: '', message: '' };

/** Contact: the support phone and email (from configuration) and a form that reaches the site's team. */
export default function Page() {
  const { phone, email } = useData<Data>();
  const { site } = usePageContext();
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ text: string; kind: 'error' | 'success' }>();
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(form).some((v) => !v.trim()) || !isEmail(form.email)) return setResult({ text: 'Fill in all fields!', kind: 'error' });
    setSending(true);
    setResult(undefined);
    // The client never throws: a network failure is status 0 and takes the refusal's path below.
    const answer = await siteApi(site.apiOrigin).call<Reply>('POST', '/contact/', form);
    if (answer.status === 201) {
      setForm(EMPTY);
      setResult({ text: CLIENT_MESSAGES.messageSent, kind: 'success' });
    } else setResult({ text: CLIENT_MESSAGES.problemTryLater, kind: 'error' });
    setSending(false);
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  return (
    <section className="page-narrow auth-page">
      <h1>Contact us</h1>
      <p>
        Call us on <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>, or send us a message:
      </p>
      <form method="post" onSubmit={submit} noValidate>
        <Field label="First name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
        <Field label="Last name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
        <Field label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />
        <div className="field">
          <label htmlFor="contact-message">Message</label>
          <textarea id="contact-message" name="message" rows={6} value={form.message} onChange={set('message')} />
        </div>
        <FormMessage text={result?.text} kind={result?.kind} />
        <button className="button" type="submit" disabled={sending}>
          {sending && <Spinner />}Send
        </button>
      </form>
    </section>
  );
}
