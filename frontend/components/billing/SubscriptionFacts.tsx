import type { BillingStateDto } from '@directory/domain';
import { useI18n } from '../../lib/i18n';
import { publishingText, summaryLine } from './billing-text';

/** Whether listings can be published, and the subscription in one line (plan, price, trial end or next payment). */
export function SubscriptionFacts({ state }: { state: BillingStateDto }) {
  const { t } = useI18n();
  const s = state.subscription;
  return (
    <>
      <p data-testid="publishing-state">{publishingText(state)}</p>
      {s && (
        <p className="subscription-line" data-testid="subscription-status">
          {summaryLine(t, s)}
        </p>
      )}
    </>
  );
}
