import { formatEuro, INPUT_LIMITS, TRIAL_MONTHS, type BillingStateDto, type PlanInterval } from '@directory/domain';
import { FormEvent, useCallback, useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { isLive, longDate } from '../../../components/billing/billing-text';
import { CancelOrResume, useBillingActions } from '../../../components/billing/billing-actions';
import { SubscriptionFacts } from '../../../components/billing/SubscriptionFacts';
import { Field, FormMessage } from '../../../components/Field';
import { useI18n } from '../../../lib/i18n';
import { siteApi } from '../../../lib/browser-api';
import type { Data } from './+data';

/**
 * The lister's subscription: pick monthly or yearly and go to Stripe Checkout; then the
 * state, plan, trial end or next payment, cancel and resume, a refund while allowed, and Stripe's customer portal for
 * the card and invoices. On cliste, organisations that do not charge students apply for free for life here.
 */
export default function Page() {
  const plans = useData<Data>();
  const { site, urlParsed } = usePageContext();
  const api = site.apiOrigin;
  const { t } = useI18n();
  const wanted = urlParsed.search.plan === 'yearly' ? 'yearly' : 'monthly';
  const returning = urlParsed.search.checkout === 'done';
  const [state, setState] = useState<BillingStateDto | null>(null);
  const [plan, setPlan] = useState<PlanInterval>(wanted);

  const load = useCallback(async () => {
    const answer = await siteApi(api).call<BillingStateDto>('GET', '/api/billing/subscription/');
    if (answer.status === 200) setState(answer.body);
    else setMessage({ text: 'Your subscription could not be loaded. Please try again later.', kind: 'error' });
    return answer.body;
  }, [api]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      // Back from Checkout: Stripe's webhook may land a moment after the redirect, so look again for a little while.
      for (let tries = 0; !stopped; tries++) {
        const now = await load().catch(() => null);
        if (!returning || (now && isLive(now.subscription)) || tries >= 20) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [load, returning]);

  const { act, busy, message, setMessage } = useBillingActions(setState, () => load());

  const s = state?.subscription ?? null;
  const live = isLive(s);
  return (
    <section className="page-narrow subscription-page">
      <h1>Your subscription</h1>
      <FormMessage text={message?.text} kind={message?.kind} />
      {!state ? (
        <p aria-busy="true">{returning ? 'Confirming your subscription…' : 'Loading…'}</p>
      ) : (
        <>
          <SubscriptionFacts state={state} />
          {s && !live && s.ended_at && <p>Your listings are kept as drafts. Subscribe again to publish them.</p>}

          {live && s && (
            <div className="subscription-actions">
              <CancelOrResume subscription={s} busy={busy} act={act} />
              {s.refundable_until && (
                <div>
                  <p>You can ask for a full refund until {longDate(s.refundable_until)}. The subscription then ends at once and your listings are unpublished.</p>
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => act('/api/billing/refund/', 'Your payment has been refunded and your subscription has ended.')}>
                    Ask for a refund
                  </button>
                </div>
              )}
              {s.refund_by_admin && (
                <div>
                  <p>{t('billing.refundByAdmin')}</p>
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => act('/api/billing/refund/')}>
                    {t('billing.askTeam')}
                  </button>
                </div>
              )}
              {s.refund_requested_at && <p>{t('billing.refundRequested', { date: longDate(s.refund_requested_at) })}</p>}
            </div>
          )}
          {s && (
            <p>
              <button type="button" className="link-button" disabled={busy} onClick={() => act('/api/billing/portal/')}>
                Card, invoices and plan change (Stripe)
              </button>
            </p>
          )}

          {!live && !state.free_for_life && (
            <form method="post"
              className="plan-choice"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                void act('/api/billing/checkout/', undefined, { plan });
              }}
            >
              <fieldset>
                <legend>{state.trial_available ? `Start your ${TRIAL_MONTHS}-month free trial` : 'Subscribe'}</legend>
                {(['monthly', 'yearly'] as const).map((p) => (
                  <label key={p} className="plan-option">
                    <input type="radio" name="plan" value={p} checked={plan === p} onChange={() => setPlan(p)} />
                    {p === 'monthly' ? `Monthly: ${formatEuro(plans.monthly_cents)} / month` : `Yearly: ${formatEuro(plans.yearly_cents)} / year`}
                  </label>
                ))}
              </fieldset>
              <p className="muted">
                {state.trial_available
                  ? `Nothing is charged during the ${TRIAL_MONTHS}-month trial. We email you ${plans.reminder_days_before} days before it ends; cancel any time here.`
                  : 'Your card is charged when you subscribe.'}
              </p>
              <button type="submit" className="button" disabled={busy}>
                {state.trial_available ? 'Start free trial' : 'Subscribe'}
              </button>
            </form>
          )}

          {state.free_for_life_offered && !state.free_for_life && <FreeForLife state={state} busy={busy} onApply={(body) => act('/api/billing/free-for-life/', 'Thank you: we will email you once your application is decided.', body)} />}
        </>
      )}
    </section>
  );
}

/** Cliste only: organisations that do not charge students publish free for life once an admin approves. */
function FreeForLife({ state, busy, onApply }: { state: BillingStateDto; busy: boolean; onApply: (body: { organisation: string; students_not_charged: boolean }) => void }) {
  const [organisation, setOrganisation] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ organisation?: string; confirmed?: string }>({});
  const application = state.application;
  if (application?.status === 'pending') {
    return (
      <section aria-labelledby="ffl-title">
        <h2 id="ffl-title">Free for life</h2>
        <p>Your application for {application.organisation} is waiting for an administrator.</p>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      organisation: organisation.trim().length < 2 ? 'Enter the name of your organisation.' : undefined,
      confirmed: confirmed ? undefined : 'Free for life is for organisations that do not charge students.',
    };
    setErrors(found);
    if (!found.organisation && !found.confirmed) onApply({ organisation: organisation.trim(), students_not_charged: true });
  };
  return (
    <section aria-labelledby="ffl-title">
      <h2 id="ffl-title">Free for life</h2>
      <p>Organisations that do not charge students publish free for life.{application?.status === 'refused' ? ' Your last application was not approved.' : ''}</p>
      <form method="post" onSubmit={submit} noValidate>
        <Field label="Organisation name" name="organisation" value={organisation} onChange={(e) => setOrganisation(e.target.value)} error={errors.organisation} maxLength={INPUT_LIMITS.organisationMax} />
        <div className="field">
          <label className="checkbox-label">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} aria-invalid={errors.confirmed ? true : undefined} aria-describedby={errors.confirmed ? 'ffl-confirm-error' : undefined} />
            Our organisation does not charge students
          </label>
          {errors.confirmed && (
            <p className="field-error" id="ffl-confirm-error" role="alert">
              {errors.confirmed}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          Apply for free for life
        </button>
      </form>
    </section>
  );
}
