import type { BillingStateDto } from '@directory/domain';
import { useEffect, useState } from 'react';
import { FormMessage } from '../Field';
import { usePageContext } from 'vike-react/usePageContext';
import { siteApi } from '../../lib/browser-api';
import { CancelOrResume, useBillingActions } from './billing-actions';
import { isLive } from './billing-text';
import { SubscriptionFacts } from './SubscriptionFacts';

/**
 * The lister's subscription in a few lines, with a link to manage it at /cp/subscription: for the control panel's
 * dashboard and Account pages. Given the state the page was rendered with (`initial`, the dashboard's), it shows it at
 * once; otherwise, or when that could not be read, it loads it itself (GET /api/billing/subscription/) once hydrated.
 * With `cancel` (the Account page, where listers look to cancel), a live subscription can be cancelled and resumed here.
 */
export function SubscriptionSummary({ initial, cancel = false }: { initial?: BillingStateDto | null; cancel?: boolean }) {
  const { site } = usePageContext();
  const [state, setState] = useState<BillingStateDto | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const { act, busy, message } = useBillingActions(setState);
  const live = state?.subscription && isLive(state.subscription) ? state.subscription : null;

  useEffect(() => {
    if (initial) return;
    void siteApi(site.apiOrigin)
      .call<BillingStateDto>('GET', '/api/billing/subscription/')
      .then((answer) => (answer.ok ? setState(answer.body) : setFailed(true)));
  }, [site.apiOrigin, initial]);

  return (
    <section className="cp-section subscription-summary" aria-labelledby="subscription-summary-title">
      <h2 id="subscription-summary-title">Subscription</h2>
      {failed ? <p>Your subscription could not be loaded. Please try again later.</p> : state ? <SubscriptionFacts state={state} /> : <p aria-busy="true">Loading…</p>}
      {cancel && live && (
        <p>
          <CancelOrResume subscription={live} busy={busy} act={act} />
        </p>
      )}
      <FormMessage text={message?.text} kind={message?.kind} />
      <p>
        <a href="/cp/subscription">{state && !state.free_for_life && !isLive(state.subscription) ? (state.trial_available ? 'Start your free trial' : 'Subscribe') : 'Manage your subscription'}</a>
      </p>
    </section>
  );
}
