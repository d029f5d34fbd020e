import { formatEuro, PLAN_TERMS, TRIAL_MONTHS } from '@directory/domain';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { LegalPage } from '../../components/LegalPage';
import { COPY } from '../../lib/copy';
import type { Data } from './+data';

export default function Page() {
  const { site } = usePageContext();
  const name = COPY[site.site].siteName;
  const plans = useData<Data>();
  return (
    <LegalPage title="Terms of Use">
      <h2>1. About these terms</h2>
      <p>These terms apply to everyone who uses {name}, whether browsing the directory or listing a profile.</p>
      <h2>2. Listings</h2>
      <p>Members are responsible for the accuracy of their profiles, media and prices, and must have the right to publish them. We may hide listings that are misleading or break the law.</p>
      <h2>3. Enquiries</h2>
      <p>Enquiries go directly to the member concerned. Any agreement for a booking is between the visitor and the member; {name} is not a party to it.</p>
      <h2>4. Subscriptions</h2>
      <p>
        Publishing a profile needs a subscription, which starts with a {TRIAL_MONTHS}-month ({PLAN_TERMS.trialDays}-day) free trial and then renews monthly or yearly until cancelled in the control panel. We email
        you a reminder {PLAN_TERMS.reminderDaysBefore} days before the trial ends. A full refund is available within {PLAN_TERMS.refundDays} days of starting a subscription.
      </p>
      <p>
        The subscription costs {formatEuro(plans.monthly_cents)} a month or {formatEuro(plans.yearly_cents)} a year, charged in euro by our payment provider, Stripe, when the trial ends and then at
        the start of each period. Nothing is charged during the trial, so the refund period counts from the first payment; a refund ends the subscription at once and the profile is unpublished (kept as a
        draft). Cancelling ends the subscription at the end of the period already paid for, or of the trial.
        {site.site === 'cliste' && ' Organisations that do not charge students may apply in the control panel to publish free for life.'}
      </p>
      <h2>5. Acceptable use</h2>
      <p>Do not misuse the site, send unsolicited marketing through the enquiry form, or try to access accounts that are not yours.</p>
      <h2>6. Contact</h2>
      <p>
        Questions about these terms: <a href="/contact">contact us</a>.
      </p>
    </LegalPage>
  );
}
