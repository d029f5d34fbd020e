import { CLIENT_MESSAGES, ERROR_MESSAGES } from '@directory/domain';
import { FormEvent, useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { CodeBoxes } from '../../components/CodeBoxes';
import { Field, FormMessage, PasswordField } from '../../components/Field';
import { Spinner } from '../../components/Icon';
import { useI18n } from '../../lib/i18n';
import { type Reply, siteApi, confirmSignUp } from '../../lib/browser-api';
import { FIRST_DASHBOARD, START_EMAIL_KEY, START_PLAN_KEY } from '../../lib/session-keys';
import { checkCode, checkNewPassword, checkSignUp, Errors, splitName } from '../../lib/validation';

/**
 * Sign up in two steps: details, then the emailed code. ?email= opens on the code step. The code step
 * sends the same user data again: the API activates the password sent with the code, so when the
 * page was opened on the code step and does not know the password, it asks for it there.
 */
export default function Page() {
  const { site, urlParsed } = usePageContext();
  const { t } = useI18n();
  const emailParam = typeof urlParsed.search.email === 'string' ? urlParsed.search.email : '';
  const [step, setStep] = useState<1 | 2>(emailParam ? 2 : 1);
  const [askPassword] = useState(Boolean(emailParam));
  const [form, setForm] = useState({ fullName: '', email: emailParam, password: '', marketing: false, terms: false });
  const [errors, setErrors] = useState<Errors<'fullName' | 'email' | 'password' | 'terms'>>({});
  const [digits, setDigits] = useState(['', '', '', '']);
  const [codeError, setCodeError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const started = sessionStorage.getItem(START_EMAIL_KEY);
    // What the visitor typed (or the browser filled) before hydration is kept over the start page's email.
    if (started && !emailParam) setForm((f) => (f.email ? f : { ...f, email: started }));
  }, [emailParam]);

  const submitDetails = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = { ...form, fullName: form.fullName.trim(), email: form.email.trim() };
    const found = checkSignUp(trimmed);
    setErrors(found);
    setMessage(undefined);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const answer = await siteApi(site.apiOrigin).call<Reply>('POST', '/sign-up/', {
        email: trimmed.email,
        password: trimmed.password,
        ...splitName(trimmed.fullName),
        username: trimmed.email,
        marketing: trimmed.marketing,
        terms: true,
      });
      if (answer.body.message === 'success') {
        setForm(trimmed);
        setStep(2);
        history.replaceState(history.state, '', `/sign-up?email=${encodeURIComponent(trimmed.email)}`);
      } else if (answer.body.code === 'common_password') setErrors({ password: t('password.common') });
      else setMessage(answer.body.code === 'email_exists' ? ERROR_MESSAGES.email_exists : CLIENT_MESSAGES.network);
    } catch {
      setMessage(CLIENT_MESSAGES.network);
    } finally {
      setSending(false);
    }
  };

  const submitCode = async (code: string[]) => {
    const problem = checkCode(code);
    const passwordProblem = checkNewPassword(form.password);
    setCodeError(problem);
    setErrors({ password: passwordProblem });
    setMessage(undefined);
    if (problem || passwordProblem) return;
    setSending(true);
    try {
      const answer = await confirmSignUp({
        email: form.email,
        password: form.password,
        ...(form.fullName ? splitName(form.fullName) : {}),
        username: form.email,
        marketing: form.marketing,
        terms: true,
        signUpCode: code.join(''),
      });
      if (answer.status === 200) {
        sessionStorage.removeItem(START_EMAIL_KEY);
        const plan = sessionStorage.getItem(START_PLAN_KEY);
        sessionStorage.removeItem(START_PLAN_KEY);
        window.location.href = plan ? `/cp/subscription?plan=${encodeURIComponent(plan)}` : FIRST_DASHBOARD;
        return;
      }
      // The password is asked for on this step only when the page was opened on it.
      if (answer.body.code === 'common_password') {
        if (askPassword) setErrors({ password: t('password.common') });
        else setMessage(t('password.common'));
        return;
      }
      setCodeError(answer.status === 429 ? answer.body.message : ERROR_MESSAGES.wrong_code);
    } catch {
      setMessage(CLIENT_MESSAGES.network);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="page-narrow auth-page">
      <h1>Sign Up</h1>
      {step === 1 ? (
        <form method="post" onSubmit={submitDetails} noValidate>
          <Field label="Full name" name="name" autoComplete="name" value={form.fullName} onChange={(e) => setForm({ ...form, fullName: e.target.value })} error={errors.fullName} />
          <Field label="Work email" type="email" name="email" autoComplete="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} error={errors.email} />
          <PasswordField label="Password" name="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} error={errors.password} />
          <div className="check">
            <input id="marketing" type="checkbox" checked={form.marketing} onChange={(e) => setForm({ ...form, marketing: e.target.checked })} />
            <label htmlFor="marketing">Send me tips and news by email (optional)</label>
          </div>
          <div className="check">
            <input id="terms" type="checkbox" checked={form.terms} onChange={(e) => setForm({ ...form, terms: e.target.checked })} aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? 'terms-error' : undefined} />
            <label htmlFor="terms">
              I agree to the <a href="/terms">terms</a> and <a href="/privacy">privacy policy</a>
            </label>
          </div>
          {errors.terms && (
            <p className="field-error" id="terms-error" role="alert">
              {errors.terms}
            </p>
          )}
          <FormMessage text={message} />
          <button className="button" type="submit" disabled={sending}>
            {sending && <Spinner />}Sign up
          </button>
        </form>
      ) : (
        <form method="post"
          onSubmit={(e) => {
            e.preventDefault();
            void submitCode(digits);
          }}
          noValidate
        >
          <p>
            We emailed a code to <strong>{form.email}</strong>.
          </p>
          {askPassword && (
            <PasswordField label="Password" name="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} error={errors.password} />
          )}
          <CodeBoxes digits={digits} onChange={setDigits} onComplete={(d) => void submitCode(d)} error={codeError} />
          <FormMessage text={message} />
          <button className="button" type="submit" disabled={sending}>
            {sending && <Spinner />}Confirm
          </button>
        </form>
      )}
    </section>
  );
}
