import type { BillingStateDto, SubscriptionDto } from '@directory/domain';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { siteApi } from '../../lib/browser-api';

type Message = { text: string; kind: 'error' | 'success' };

/**
 * The lister's billing actions (POST /api/billing/...), for the subscription page and the summary on Account: the
 * state the API answers is handed to `onState`, a URL in it is followed (Checkout, Stripe's portal), a refusal is shown
 * in the API's words. A refund only the team may grant (403 refund_by_admin) was passed on to them: it is said as done,
 * and `onPassedOn` reloads the state that now shows it.
 */
export function useBillingActions(onState: (state: BillingStateDto) => void, onPassedOn?: () => unknown) {
  const { site } = usePageContext();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();

  const act = async (path: string, done?: string, body?: unknown) => {
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await siteApi(site.apiOrigin).call<BillingStateDto & { url?: unknown }>('POST', path, body ?? {});
      if (answer.ok) {
        if (typeof answer.body.url === 'string') {
          window.location.href = answer.body.url;
          return;
        }
        onState(answer.body);
        if (done) setMessage({ text: done, kind: 'success' });
      } else if (answer.status === 0) {
        setMessage({ text: 'The network failed. Please check your connection and try again.', kind: 'error' });
      } else {
        const passedOn = answer.error.code === 'refund_by_admin';
        setMessage({ text: String(answer.error.message ?? 'Something went wrong. Please try again.'), kind: passedOn ? 'success' : 'error' });
        if (passedOn) await onPassedOn?.();
      }
    } finally {
      setBusy(false);
    }
  };

  return { act, busy, message, setMessage };
}

/** Cancel at the period's end, or take the cancellation back, for a live subscription. */
export function CancelOrResume({ subscription, busy, act }: { subscription: SubscriptionDto; busy: boolean; act: (path: string, done: string) => unknown }) {
  return subscription.cancel_at_period_end ? (
    <button type="button" className="button" disabled={busy} onClick={() => act('/api/billing/resume/', 'Your subscription goes on.')}>
      Resume subscription
    </button>
  ) : (
    <button type="button" className="button button-secondary" disabled={busy} onClick={() => act('/api/billing/cancel/', 'Your subscription is cancelled at the end of the period.')}>
      Cancel subscription
    </button>
  );
}
