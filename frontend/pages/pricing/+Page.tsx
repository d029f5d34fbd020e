import { formatEuro, PLAN_TERMS, TRIAL_MONTHS } from '@directory/domain';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { COPY } from '../../lib/copy';
import type { Data } from './+data';

/** Plans, testimonials, why join and questions, per site; amounts come from the API's configuration, the terms from the domain. */
export default function Page() {
  const plans = useData<Data>();
  const { site, user } = usePageContext();
  // Straight to the trial for a signed-in lister; otherwise sign-up first, which then opens the trial (docs/billing.md).
  const start = (plan: 'monthly' | 'yearly' | 'free') => (user ? `/cp/subscription?plan=${plan}` : `/sign-up-start?plan=${plan}`);
  const cliste = site.site === 'cliste';
  const who = cliste ? 'school tour and workshop providers' : 'musicians';
  return (
    <section className="info-page">
      <h1>Pricing</h1>
      <p className="lead">Free to try: list your profile and publish it with a {TRIAL_MONTHS}-month free trial.</p>
      <div className="plans">
        <article className="plan">
          <h2>Monthly</h2>
          <p className="plan-price">{formatEuro(plans.monthly_cents)} / month</p>
          <p>{TRIAL_MONTHS}-month free trial, then monthly. Cancel any time.</p>
          <a className="button" href={start('monthly')}>Join FREE!</a>
        </article>
        <article className="plan">
          <h2>Yearly</h2>
          <p className="plan-price">{formatEuro(plans.yearly_cents)} / year</p>
          <p>{TRIAL_MONTHS}-month free trial, then yearly: two months free compared with monthly.</p>
          <a className="button" href={start('yearly')}>Join FREE!</a>
        </article>
        {cliste && (
          <article className="plan">
            <h2>Free for life</h2>
            <p className="plan-price">€0</p>
            <p>For organisations that do not charge students.</p>
            <a className="button" href={start('free')}>Join FREE!</a>
          </article>
        )}
      </div>
      <h2>What members say</h2>
      <blockquote className="testimonial">
        <p>{cliste ? '“Schools now find us directly, and our spring bookings filled up weeks earlier.”' : '“Couples hear me sing before they call, so every enquiry is a serious one.”'}</p>
      </blockquote>
      <h2>Why join?</h2>
      <ul>
        <li>Be found by {cliste ? 'schools, teachers and TY coordinators' : 'couples, celebrants and planners'} in your county and across Ireland.</li>
        <li>Show your video and audio, and receive enquiries straight to your inbox.</li>
        <li>See how many people view your profile and send enquiries.</li>
      </ul>
      <h2>Questions</h2>
      <dl className="faq">
        <dt>How does the free trial work?</dt>
        <dd>
          Your subscription starts with a {PLAN_TERMS.trialDays}-day ({TRIAL_MONTHS}-month) free trial. It then converts automatically to the monthly or yearly plan unless you cancel; we email you a reminder {PLAN_TERMS.reminderDaysBefore} days before.
        </dd>
        <dt>How do I cancel?</dt>
        <dd>In the Account section of your control panel, at any time.</dd>
        <dt>Can I get a refund?</dt>
        <dd>Yes: a full refund within {PLAN_TERMS.refundDays} days of starting a subscription.</dd>
        <dt>Who is {COPY[site.site].siteName} for?</dt>
        <dd>{who[0].toUpperCase() + who.slice(1)} working in Ireland.</dd>
      </dl>
    </section>
  );
}
