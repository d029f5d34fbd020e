import type { BillingStateDto } from '@directory/domain';
import { isLive, longDate, nextStep, planText, publishingText, STATUS_TEXT } from './billing-text';

/** The facts of a billing state as a description list (plan, state, trial end or next payment). */
export function SubscriptionFacts({ state }: { state: BillingStateDto }) {
  const s = state.subscription;
  return (
    <>
      <p data-testid="publishing-state">{publishingText(state)}</p>
      {s && (
        <dl className="subscription-facts">
          <dt>Plan</dt>
          <dd>{planText(s)}</dd>
          <dt>State</dt>
          <dd data-testid="subscription-status">
            {STATUS_TEXT[s.status] ?? s.status}
            {s.cancel_at_period_end && isLive(s) ? ' (cancelled)' : ''}
          </dd>
          {isLive(s) ? (
            <>
              <dt>{s.status === 'trialing' ? 'Trial ends' : s.cancel_at_period_end ? 'Ends' : 'Next payment'}</dt>
              <dd data-testid="subscription-next">{nextStep(s)}</dd>
            </>
          ) : (
            s.ended_at && (
              <>
                <dt>Ended</dt>
                <dd>{longDate(s.ended_at)}</dd>
              </>
            )
          )}
        </dl>
      )}
    </>
  );
}
