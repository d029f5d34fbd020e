import { type ErrorBody, type ReviewInput, type ReviewReceiptDto, type ReviewSubRatingKey, REVIEW_LIMITS, REVIEW_RULES } from '@directory/domain';
import { type FormEvent, Fragment, useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { articleDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import type { ReviewFormData } from '../../lib/review-form.server';
import type { MessageId } from '../../locales/en';
import { Field, FormMessage } from '../Field';
import { Spinner } from '../Icon';
import { SUB_NAMES } from './sub-names';

const STARS = [1, 2, 3, 4, 5];

/** Each link problem's page: what happened, and what to do. */
const PROBLEM_TEXT: Record<NonNullable<ReviewFormData['problem']>, MessageId> = {
  review_link_not_found: 'reviewform.linkNotFound',
  invitation_used: 'reviewform.invitationUsed',
  invitation_expired: 'reviewform.invitationExpired',
  edit_used: 'reviewform.editUsed',
  edit_expired: 'reviewform.editExpired',
  review_removed: 'reviewform.reviewRemoved',
};

/**
 * A rating as a group of five radio buttons, one per star, each labelled with its number ("3 stars"): arrow keys move
 * between them and a screen reader names each. The stars are drawn by CSS from the choice, before hydration too.
 */
function StarInput({ name, legend, value, onChange, required, error }: { name: string; legend: string; value: number | undefined; onChange: (v: number) => void; required?: boolean; error?: string }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <fieldset className="star-input" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {legend}
        {required ? ` ${t('reviewform.required')}` : ''}
      </legend>
      <div className="star-options">
        {STARS.map((n) => (
          <Fragment key={n}>
            <input type="radio" id={`${id}-${n}`} name={name} value={n} checked={value === n} required={required} onChange={() => onChange(n)} />
            <label htmlFor={`${id}-${n}`}>
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('reviewform.stars', { count: n })}</span>
            </label>
          </Fragment>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type Values = { rating?: number; ratings: Partial<Record<ReviewSubRatingKey, number>>; text: string; firstName: string; county: string; booked: '' | 'yes' | 'no'; yearGroup: string; classSize: string };

/**
 * The review form a link opens (the invitation's, or the written review's one change), rendered by the server so that
 * what is typed before the page's scripts run is kept; or, for a link that opens nothing, what happened and what to do.
 */
export function ReviewForm({ mode, token, form, problem, counties }: ReviewFormData) {
  const { site, lang } = usePageContext();
  const { t, href } = useI18n();
  const current = form?.current;
  const [values, setValues] = useState<Values>({
    rating: current?.rating,
    ratings: current?.ratings ?? {},
    text: current?.text ?? '',
    firstName: current?.first_name ?? form?.suggested_first_name ?? '',
    county: current?.county ?? '',
    booked: current?.booked === undefined ? '' : current.booked ? 'yes' : 'no',
    yearGroup: current?.year_group ?? '',
    classSize: current?.class_size ? String(current.class_size) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<ReviewReceiptDto>();
  const [linkProblem, setLinkProblem] = useState(problem);

  if (linkProblem || !form) {
    return (
      <section className="page-narrow review-page">
        <h1>{t('reviewform.linkTitle')}</h1>
        <div role="alert">
          <p>{t(PROBLEM_TEXT[linkProblem ?? 'review_link_not_found'])}</p>
        </div>
        <p>
          <a href={href('/contact')}>{t('reviewform.contact')}</a> · <a href={href('/reviews')}>{t('reviews.howTheyWork')}</a>
        </p>
      </section>
    );
  }

  if (receipt) {
    const profile = <a href={href(receipt.profile_path)}>{t('reviewform.seeProfile', { title: receipt.post_title })}</a>;
    return (
      <section className="page-narrow review-page">
        <h1>{t('reviewform.thanks')}</h1>
        <p role="status">
          {receipt.status === 'held' && receipt.held_until
            ? t('reviewform.held', { title: receipt.post_title, date: articleDate(receipt.held_until, lang) })
            : t('reviewform.published', { title: receipt.post_title })}
        </p>
        {receipt.edit_token && receipt.editable_until && <p>{t('reviewform.canChange', { date: articleDate(receipt.editable_until, lang) })}</p>}
        <p>
          {profile} · <a href={href('/reviews')}>{t('reviews.howTheyWork')}</a>
        </p>
      </section>
    );
  }

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const textLength = values.text.trim().length;

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!values.rating) found.rating = t('reviewform.ratingNeeded');
    if (textLength < REVIEW_LIMITS.textMin || textLength > REVIEW_LIMITS.textMax) found.text = t('reviewform.textLength', { min: REVIEW_LIMITS.textMin, max: REVIEW_LIMITS.textMax });
    if (!values.firstName.trim()) found.first_name = t('reviewform.firstNameNeeded');
    if (!values.county) found.county = t('reviewform.countyNeeded');
    if (form.asks_booked && !values.booked) found.booked = t('reviewform.bookedNeeded', { title: form.post_title });
    const size = values.classSize.trim();
    if (size && !(Number.isInteger(Number(size)) && Number(size) >= REVIEW_LIMITS.classSizeMin && Number(size) <= REVIEW_LIMITS.classSizeMax))
      found.class_size = t('reviewform.classSizeRange', { min: REVIEW_LIMITS.classSizeMin, max: REVIEW_LIMITS.classSizeMax });
    return found;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check();
    setErrors(found);
    setMessage(undefined);
    if (Object.keys(found).length) return;
    const input: ReviewInput & { token: string } = {
      token,
      rating: values.rating!,
      ratings: values.ratings,
      text: values.text.trim(),
      first_name: values.firstName.trim(),
      county: values.county,
      ...(form.asks_booked ? { booked: values.booked === 'yes' } : {}),
      ...(form.asks_class_details && values.yearGroup.trim() ? { year_group: values.yearGroup.trim() } : {}),
      ...(form.asks_class_details && values.classSize.trim() ? { class_size: Number(values.classSize) } : {}),
    };
    setSending(true);
    try {
      const res = await fetch(`${site.apiOrigin}/api/reviews/${mode === 'write' ? '' : 'edit/'}`, {
        method: mode === 'write' ? 'POST' : 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as ReviewReceiptDto | (ErrorBody & { errors?: { field: string; message: string }[] });
      if (res.ok) setReceipt(body as ReviewReceiptDto);
      else {
        const error = body as ErrorBody & { errors?: { field: string; message: string }[] };
        if ((Object.keys(PROBLEM_TEXT) as string[]).includes(error.code)) setLinkProblem(error.code as NonNullable<ReviewFormData['problem']>);
        else if (error.errors?.length || error.field) {
          const byField: Record<string, string> = {};
          for (const f of error.errors ?? [{ field: error.field!, message: error.message }]) byField[f.field] ??= f.message;
          setErrors(byField);
        } else setMessage(error.message || t('reviewform.failed'));
      }
    } catch {
      setMessage(t('reviewform.failed'));
    }
    setSending(false);
  };

  const siteName = site.copy.siteName;
  return (
    <section className="page-narrow review-page">
      <h1>{t(mode === 'write' ? 'reviewform.title' : 'reviewform.changeTitle', { title: form.post_title })}</h1>
      <p className="lead">{t(mode === 'write' ? 'reviewform.intro' : 'reviewform.changeIntro', { title: form.post_title, siteName, days: REVIEW_RULES.editDays })}</p>
      <form method="post" onSubmit={submit} noValidate>
        <StarInput name="rating" legend={t('reviewform.overall')} value={values.rating} onChange={(v) => set('rating', v)} required error={errors.rating} />
        {form.sub_ratings.map((key) => (
          <StarInput
            key={key}
            name={`ratings.${key}`}
            legend={t(SUB_NAMES[key])}
            value={values.ratings[key]}
            onChange={(v) => set('ratings', { ...values.ratings, [key]: v })}
            error={errors[`ratings.${key}`]}
          />
        ))}
        <div className="field">
          <label htmlFor="review-text">{t('reviewform.text')}</label>
          <textarea
            id="review-text"
            name="text"
            rows={8}
            maxLength={REVIEW_LIMITS.textMax}
            value={values.text}
            onChange={(e) => set('text', e.target.value)}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={`review-text-count${errors.text ? ' review-text-error' : ''}`}
          />
          <p className="char-count" id="review-text-count">
            {t('reviewform.count', { count: textLength, min: REVIEW_LIMITS.textMin, max: REVIEW_LIMITS.textMax })}
          </p>
          {errors.text && (
            <p className="field-error" id="review-text-error" role="alert">
              {errors.text}
            </p>
          )}
        </div>
        <Field label={t('reviewform.firstName')} name="first_name" autoComplete="given-name" maxLength={REVIEW_LIMITS.firstNameMax} value={values.firstName} onChange={(e) => set('firstName', e.target.value)} error={errors.first_name} />
        <div className="field">
          <label htmlFor="review-county">{t('reviewform.county')}</label>
          <select id="review-county" name="county" value={values.county} onChange={(e) => set('county', e.target.value)} aria-invalid={errors.county ? true : undefined} aria-describedby={errors.county ? 'review-county-error' : undefined}>
            <option value="">{t('reviewform.chooseCounty')}</option>
            {counties.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.county && (
            <p className="field-error" id="review-county-error" role="alert">
              {errors.county}
            </p>
          )}
        </div>
        <p className="muted">{t('reviewform.shownAs')}</p>
        {form.asks_booked && (
          <fieldset className="choice" aria-describedby={errors.booked ? 'review-booked-error' : undefined}>
            <legend>{t('reviewform.didYouBook', { title: form.post_title })}</legend>
            {(['yes', 'no'] as const).map((answer) => (
              <label key={answer}>
                <input type="radio" name="booked" value={answer} checked={values.booked === answer} onChange={() => set('booked', answer)} /> {t(answer === 'yes' ? 'reviewform.yes' : 'reviewform.no')}
              </label>
            ))}
            {errors.booked && (
              <p className="field-error" id="review-booked-error" role="alert">
                {errors.booked}
              </p>
            )}
          </fieldset>
        )}
        {form.asks_class_details && (
          <>
            <Field label={t('reviewform.yearGroup')} name="year_group" maxLength={REVIEW_LIMITS.yearGroupMax} value={values.yearGroup} onChange={(e) => set('yearGroup', e.target.value)} error={errors.year_group} />
            <Field label={t('reviewform.classSize')} name="class_size" type="number" inputMode="numeric" min={REVIEW_LIMITS.classSizeMin} max={REVIEW_LIMITS.classSizeMax} value={values.classSize} onChange={(e) => set('classSize', e.target.value)} error={errors.class_size} />
          </>
        )}
        <FormMessage text={message} />
        <button className="button" type="submit" disabled={sending}>
          {sending && <Spinner />}
          {t(mode === 'write' ? 'reviewform.send' : 'reviewform.saveChange')}
        </button>
      </form>
      <p>
        <a href={href('/reviews')}>{t('reviews.howTheyWork')}</a>
      </p>
    </section>
  );
}
