import { CLIENT_MESSAGES, SuccessDto } from '@directory/domain';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../lib/i18n';
import { type Reply, siteApi } from '../lib/browser-api';
import { isEmail } from '../lib/validation';
import { shortDay } from '../lib/dates';
import { Field, FormMessage } from './Field';
import { Spinner } from './Icon';

const EMPTY = { name: '', email: '', phone: '', eventDate: '', venue: '', message: '', website: '' };
type Form = typeof EMPTY;

/**
 * The enquiry form in a dialog. The API stores the enquiry before any email goes out; a hidden field and the time
 * taken to fill the form keep bots out without third-party scripts. That time is measured by the API from formToken,
 * the start time it signs: the one rendered with the page, replaced by a fresh one when the form opens, since the page
 * may come from the site's page cache (rendered for an earlier visitor, minutes or days ago).
 */
export function EnquiryForm({ postId, title, formToken, open, onClose, chosenDate = null, booked = [] }: { postId: number; title: string; formToken: string; open: boolean; onClose: () => void; chosenDate?: string | null; booked?: string[] }) {
  const { site } = usePageContext();
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<Form>({ ...EMPTY, eventDate: chosenDate ?? '' });
  const [errors, setErrors] = useState<Partial<Form>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [message, setMessage] = useState<string>();
  const [token, setToken] = useState(formToken);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      document.documentElement.classList.add('enquiry-open');
      // Without an answer the rendered token stands (the API asks for a reload if it is too old).
      // As whoever is signed in: on stage the API answers nobody else.
      void siteApi(site.apiOrigin)
        .call<{ token?: string }>('GET', '/api/enquiries/form-token/')
        .then((answer) => answer.ok && answer.body.token && setToken(answer.body.token));
    } else if (!open && d.open) d.close();
    if (!open) document.documentElement.classList.remove('enquiry-open');
  }, [open, site.apiOrigin]);

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Form> = {};
    if (!form.name.trim()) found.name = 'Please enter your name!';
    if (!form.email.trim()) found.email = 'Please enter an email!';
    else if (!isEmail(form.email)) found.email = "That's not an email!";
    if (!form.message.trim()) found.message = 'Please enter a message!';
    setErrors(found);
    setMessage(undefined);
    if (Object.keys(found).length) return;
    setState('sending');
    // The client never throws: a network failure is status 0 and takes the refusal's path below.
    const answer = await siteApi(site.apiOrigin).call<Reply<SuccessDto>>('POST', '/api/enquiries/', { postId, ...form, formToken: token });
    if (answer.status === 201) {
      setState('sent');
      setForm(EMPTY);
      return;
    }
    // Too many enquiries, or a form left open too long (it asks for a reload): the API's own words say what to do.
    const explained = answer.status === 429 || answer.body.field === 'formToken';
    setMessage(explained ? answer.body.message : CLIENT_MESSAGES.problemTryLater);
    setState('idle');
  };

  return (
    <dialog ref={ref} className="refine-dialog enquiry-dialog" aria-labelledby="enquiry-title" onClose={onClose}>
      <div className="dialog-head">
        <h2 id="enquiry-title">Send Enquiry</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      {state === 'sent' ? (
        <>
          <FormMessage kind="success" text={t('enquiry.sent', { title })} />
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      ) : (
        <form method="post" onSubmit={submit} noValidate className="enquiry-form">
          <p className="muted">To {title}</p>
          <Field label="Your name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
          <Field label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
          <Field label="Phone (optional)" type="tel" name="phone" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          <Field label="Event date" type="date" name="eventDate" value={form.eventDate} onChange={set('eventDate')} />
          {booked.includes(form.eventDate) && (
            <p className="note warning" role="status" data-testid="booked-warning">
              {t('profile.bookedWarning', { day: shortDay(form.eventDate, lang) })}
            </p>
          )}
          <Field label={site.site === 'cliste' ? 'School / county' : 'Venue / county'} name="venue" value={form.venue} onChange={set('venue')} />
          <div className="field">
            <label htmlFor="enquiry-message">Message</label>
            <textarea id="enquiry-message" name="message" rows={5} value={form.message} onChange={set('message')} aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? 'enquiry-message-error' : undefined} />
            {errors.message && (
              <p className="field-error" id="enquiry-message-error" role="alert">
                {errors.message}
              </p>
            )}
          </div>
          {/* Left empty by people (it is hidden from them), filled in by bots. */}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="enquiry-website">Website</label>
            <input id="enquiry-website" name="website" tabIndex={-1} autoComplete="off" value={form.website} onChange={set('website')} />
          </div>
          <FormMessage text={message} />
          <button className="button" type="submit" disabled={state === 'sending'}>
            {state === 'sending' && <Spinner />}Send Enquiry
          </button>
        </form>
      )}
    </dialog>
  );
}
