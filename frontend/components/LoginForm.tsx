import { ERROR_MESSAGES } from '@directory/domain';
import { FormEvent, useState } from 'react';
import { logIn } from '../lib/browser-api';
import { checkLogin, Errors } from '../lib/validation';
import { Field, FormMessage, PasswordField } from './Field';
import { Spinner } from './Icon';

/**
 * Email and password with the spec's checks; submits only when valid. Used by /log-in and /log-in-stage, which
 * decide what happens on success and on 'Password change needed!'.
 */
export function LoginForm({ submitLabel, onSuccess, onPasswordChange }: { submitLabel: string; onSuccess: () => void; onPasswordChange?: (email: string) => void }) {
  const [form, setForm] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [message, setMessage] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkLogin(form);
    setErrors(found);
    setMessage(undefined);
    if (Object.keys(found).length) return;
    setSending(true);
    // The client never throws: a network failure is status 0 and takes the refusal's path below.
    const email = form.email.trim();
    const answer = await logIn({ email, password: form.password, username: email });
    if (answer.status === 200) return onSuccess();
    if (answer.body.code === 'password_change_needed' && onPasswordChange) onPasswordChange(email);
    else setMessage(answer.status === 429 ? answer.body.message : ERROR_MESSAGES.invalid_credentials);
    setSending(false);
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Field label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} error={errors.email} />
      <PasswordField label="Password" name="password" autoComplete="current-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} error={errors.password} />
      <FormMessage text={message} />
      <button className="button" type="submit" disabled={sending}>
        {sending && <Spinner label="Sending" />}
        {submitLabel}
      </button>
    </form>
  );
}
