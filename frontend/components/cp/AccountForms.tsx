import type { AccountDto } from '@directory/domain';
import { FormEvent, useState } from 'react';
import { type ApiAnswer, fieldErrors } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { logOut, renewSession } from '../../lib/browser-api';
import { checkCode, checkNewPassword, isEmail, MSG } from '../../lib/validation';
import { CodeBoxes } from '../CodeBoxes';
import { Field, FormMessage, PasswordField } from '../Field';
import { useCpApi } from './useCpApi';

type Props = { account: AccountDto; onSaved?: (a: AccountDto) => void };

/** The answer's message for a refusal that names no field of the form (or a network failure). */
const problemOf = (a: ApiAnswer<unknown>, fields: string[]) => {
  if (a.status === 0) return 'The connection failed. Please try again.';
  const named = Object.keys(fieldErrors(a.error)).some((f) => fields.includes(f));
  return named ? undefined : (a.error.message ?? 'Something went wrong. Please try again.');
};

export function AccountDetails({ account, onSaved }: Props) {
  const api = useCpApi();
  const [form, setForm] = useState({ first_name: account.first_name, last_name: account.last_name, username: account.username });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = { first_name: form.first_name.trim(), last_name: form.last_name.trim(), username: form.username.trim() };
    const found: Record<string, string> = {};
    if (!trimmed.first_name) found.first_name = 'Please enter your first name.';
    if (!trimmed.last_name) found.last_name = 'Please enter your last name.';
    if (!trimmed.username) found.username = 'Please enter a username.';
    setErrors(found);
    setMessage(undefined);
    if (Object.keys(found).length) return;
    const a = await api.updateAccount(account.id, trimmed);
    if (!a.ok) {
      setErrors(fieldErrors(a.error));
      const problem = problemOf(a, Object.keys(trimmed));
      return problem && setMessage({ text: problem, kind: 'error' });
    }
    onSaved?.(a.body);
    setMessage({ text: 'Your details are saved.', kind: 'success' });
  };
  return (
    <section className="cp-section" aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      <form method="post" className="cp-form" onSubmit={submit} noValidate>
        <div className="field-row">
          <Field id="first_name" label="First name" autoComplete="given-name" value={form.first_name} error={errors.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} />
          <Field id="last_name" label="Last name" autoComplete="family-name" value={form.last_name} error={errors.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} />
        </div>
        <Field id="username" label="Username" autoComplete="username" value={form.username} error={errors.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        <p>
          <button type="submit" className="button">
            Save details
          </button>
        </p>
        <FormMessage text={message?.text} kind={message?.kind} />
      </form>
    </section>
  );
}

export function EmailChange({ account, onSaved }: Props) {
  const api = useCpApi();
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [digits, setDigits] = useState(['', '', '', '']);
  const [codeError, setCodeError] = useState<string>();
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>();
  const pending = account.email_pending;

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    const wanted = email.trim();
    const emailProblem = !wanted ? MSG.signUpEmail : !isEmail(wanted) ? MSG.notEmail : undefined;
    setError(emailProblem);
    setPasswordError(current ? undefined : MSG.loginPassword);
    if (emailProblem || !current) return;
    const a = await api.updateAccount(account.id, { email: wanted, current_password: current });
    if (!a.ok) {
      setError(fieldErrors(a.error).email);
      setPasswordError(fieldErrors(a.error).current_password);
      const problem = problemOf(a, ['email', 'current_password']);
      return problem && setMessage({ text: problem, kind: 'error' });
    }
    setCurrent('');
    setDigits(['', '', '', '']);
    onSaved?.(a.body);
  };
  const confirm = async (d: string[]) => {
    const wrong = checkCode(d);
    setCodeError(wrong);
    if (wrong) return;
    const a = await api.confirmEmail(account.id, d.join(''));
    if (!a.ok) return setCodeError(a.error.message ?? 'That code is wrong!');
    // The change ends every access token, this one too; the refresh cookie's session was kept: renew from it.
    await renewSession();
    setEmail('');
    onSaved?.(a.body);
    setMessage({ text: `Your email is now ${a.body.email}. Every other session has ended, and your old address was told.`, kind: 'success' });
  };
  return (
    <section className="cp-section" aria-labelledby="email-title">
      <h2 id="email-title">Email</h2>
      <p>
        You sign in with <strong data-testid="current-email">{account.email}</strong>.
      </p>
      <form method="post" className="cp-form" onSubmit={start} noValidate>
        <Field id="new-email" label="New email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField id="email-current-password" label="Your current password" autoComplete="current-password" value={current} error={passwordError} onChange={(e) => setCurrent(e.target.value)} />
        <p>
          <button type="submit" className="button button-secondary">
            Send a code to the new email
          </button>
        </p>
      </form>
      {pending && (
        <form method="post"
          className="cp-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm(digits);
          }}
        >
          <p role="status">We emailed a code to {pending}. Enter it to confirm the change.</p>
          <CodeBoxes digits={digits} onChange={setDigits} onComplete={(d) => void confirm(d)} error={codeError} />
          <p>
            <button type="submit" className="button">
              Confirm the new email
            </button>
          </p>
        </form>
      )}
      <FormMessage text={message?.text} kind={message?.kind} />
    </section>
  );
}

export function PasswordChange({ account }: Props) {
  const api = useCpApi();
  const { t } = useI18n();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    const found: Record<string, string> = {};
    if (!current) found.current_password = MSG.loginPassword;
    const weak = checkNewPassword(next);
    if (weak) found.password = weak;
    setErrors(found);
    if (Object.keys(found).length) return;
    const a = await api.updateAccount(account.id, { password: next, current_password: current });
    if (!a.ok) {
      setErrors(a.error.code === 'common_password' ? { password: t('password.common') } : fieldErrors(a.error));
      const problem = problemOf(a, ['password', 'current_password']);
      return problem && setMessage({ text: problem, kind: 'error' });
    }
    // The change ends every access token, this one too; the refresh cookie's session was kept: renew from it.
    await renewSession();
    setCurrent('');
    setNext('');
    setMessage({ text: 'Your password is changed. You are still signed in here; every other session has ended.', kind: 'success' });
  };
  return (
    <section className="cp-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form method="post" className="cp-form" onSubmit={submit} noValidate>
        <PasswordField id="current_password" label="Current password" autoComplete="current-password" value={current} error={errors.current_password} onChange={(e) => setCurrent(e.target.value)} />
        <PasswordField id="password" label="New password" autoComplete="new-password" value={next} error={errors.password} onChange={(e) => setNext(e.target.value)} />
        <p>
          <button type="submit" className="button">
            Change password
          </button>
        </p>
        <FormMessage text={message?.text} kind={message?.kind} />
      </form>
    </section>
  );
}

export function DownloadData({ account }: Props) {
  const api = useCpApi();
  const [message, setMessage] = useState<string>();
  const download = async () => {
    setMessage(undefined);
    const blob = await api.exportData(account.id);
    if (!blob) return setMessage('Your data could not be downloaded. Please try again.');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'my-data.json';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };
  return (
    <section className="cp-section" aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p>Everything we hold about you and your listings, as a JSON file.</p>
      <p>
        <button type="button" className="button button-secondary" onClick={() => void download()}>
          Download my data
        </button>
      </p>
      <FormMessage text={message} />
    </section>
  );
}

export function DeleteAccount({ account }: Props) {
  const api = useCpApi();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    if (!password) return setError(MSG.loginPassword);
    setError(undefined);
    if (!window.confirm('Delete your account, your listings and everything with them for good?')) return;
    const a = await api.deleteAccount(account.id, password);
    if (!a.ok) {
      setError(fieldErrors(a.error).password);
      const problem = problemOf(a, ['password']);
      return problem && setMessage(problem);
    }
    await logOut().catch(() => undefined);
    window.location.href = '/';
  };
  return (
    <section className="cp-section danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete your account</h2>
      <p>Your listings, their photos, videos, audios, enquiries and statistics are deleted with it. This cannot be undone.</p>
      <form method="post" className="cp-form" onSubmit={submit} noValidate>
        <PasswordField id="delete-password" label="Your password" autoComplete="current-password" value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
        <p>
          <button type="submit" className="button button-danger">
            Delete my account
          </button>
        </p>
        <FormMessage text={message} />
      </form>
    </section>
  );
}
