import { formatEuro, PLAN_TERMS } from '@directory/domain';
import type { AppConfig } from '../../config/configuration';
import type { SubscriptionEntity } from './subscription.entity';

const day = (d: Date | null) => (d ? d.toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' }) : 'soon');
const price = (s: SubscriptionEntity) => `${formatEuro(s.amountCents)} a ${s.plan === 'yearly' ? 'year' : 'month'}`;
const cp = (config: AppConfig) => `${config.siteOrigin}/cp/subscription`;
const hi = (firstName: string) => `Hi ${firstName},\n\n`;
const sign = (config: AppConfig) => `\nThe ${config.siteName} team\n`;

/** The emails of a subscription's life; each says what happened, what comes next and where to change it. */
export const billingMail = {
  trialStarted: (config: AppConfig, firstName: string, s: SubscriptionEntity) => ({
    subject: `Your ${config.siteName} free trial has started`,
    text:
      hi(firstName) +
      `Your free trial has started: your listing can be published now.\n` +
      `The trial ends on ${day(s.trialEnd)}; then your ${s.plan} plan starts at ${price(s)} unless you cancel before. ` +
      `We will remind you ${PLAN_TERMS.reminderDaysBefore} days before.\n\n` +
      `See or cancel your subscription: ${cp(config)}\n` +
      sign(config),
  }),
  trialReminder: (config: AppConfig, firstName: string, s: SubscriptionEntity) => ({
    subject: `Your ${config.siteName} free trial ends on ${day(s.trialEnd)}`,
    text:
      hi(firstName) +
      `Your free trial ends on ${day(s.trialEnd)}. Then your ${s.plan} plan starts and ${formatEuro(s.amountCents)} will be charged to your card ` +
      `(${price(s)}).\n\n` +
      `To keep your listing published, do nothing. To cancel without any charge, open your control panel before the trial ends ` +
      `and choose "Cancel subscription": ${cp(config)}\n` +
      sign(config),
  }),
  paymentReceived: (config: AppConfig, firstName: string, s: SubscriptionEntity, cents: number) => ({
    subject: `Payment received: ${formatEuro(cents)} for ${config.siteName}`,
    text:
      hi(firstName) +
      `Thank you: we received your payment of ${formatEuro(cents)} for your ${s.plan} plan.\n` +
      `Your next payment is due on ${day(s.currentPeriodEnd)}.\n` +
      `You can ask for a full refund within ${PLAN_TERMS.refundDays} days of your first payment.\n\n` +
      `Invoices and your card: ${cp(config)}\n` +
      sign(config),
  }),
  paymentFailed: (config: AppConfig, firstName: string, cents: number) => ({
    subject: `Your ${config.siteName} payment did not go through`,
    text:
      hi(firstName) +
      `We could not take the payment of ${formatEuro(cents)} for your subscription. ` +
      `Please update your card so that your listing stays published.\n\n` +
      `Update your card: ${cp(config)}\n` +
      sign(config),
  }),
  subscriptionEnded: (config: AppConfig, firstName: string) => ({
    subject: `Your ${config.siteName} subscription has ended`,
    text:
      hi(firstName) +
      `Your subscription has ended, so your listings are no longer shown in the directory. They are kept as drafts.\n` +
      `Subscribe again at any time to publish them again: ${cp(config)}\n` +
      sign(config),
  }),
  graceNotice: (config: AppConfig, firstName: string, endsAt: Date) => ({
    subject: `Your ${config.siteName} listings will be unpublished on ${day(endsAt)}`,
    text:
      hi(firstName) +
      `We have not been able to take the payment for your subscription. Your listings stay in the directory until ` +
      `${day(endsAt)}; if the payment has not gone through by then, they will be unpublished (kept as drafts).\n\n` +
      `Update your card or pay now: ${cp(config)}\n` +
      sign(config),
  }),
  graceEnded: (config: AppConfig, firstName: string) => ({
    subject: `Your ${config.siteName} listings have been unpublished`,
    text:
      hi(firstName) +
      `Your subscription has not been paid for ${PLAN_TERMS.unpaidGraceDays} days, so your listings are no longer shown in the directory. ` +
      `They are kept as drafts.\n` +
      `Once the payment has gone through, publish them again from your control panel: ${cp(config)}\n` +
      sign(config),
  }),
  refundMade: (config: AppConfig, firstName: string, cents: number) => ({
    subject: `Refund of ${formatEuro(cents)} from ${config.siteName}`,
    text:
      hi(firstName) +
      `We have refunded ${formatEuro(cents)} to your card. It can take 5 to 10 days to show on your statement.\n\n` +
      `Your control panel: ${cp(config)}\n` +
      sign(config),
  }),
  /** To the site's contact address: a refund the guarantee does not cover, for an admin to decide. */
  refundRequested: (config: AppConfig, email: string, s: SubscriptionEntity, firstPaymentEver: Date) => ({
    subject: `Refund request from ${email} (${config.siteName})`,
    text:
      `${email} asks for a refund of their ${s.plan} subscription (${price(s)}), paid on ${day(s.firstPaidAt)}.\n` +
      `The ${PLAN_TERMS.refundDays}-day refund covers a lister's first payment only, made on ${day(firstPaymentEver)}, ` +
      `so this one is yours to decide. They were told that the team will reply by email.\n\n` +
      `To refund it in full (the subscription ends at once and the listings are unpublished), open subscription ${s.id} ` +
      `in the back office and choose Refund: ${config.adminOrigin}/admin/subscriptions/${s.id}/show\n` +
      `Otherwise, reply to ${email}.\n`,
  }),
  freeForLifeDecided: (config: AppConfig, firstName: string, approved: boolean) => ({
    subject: approved ? `Free for life on ${config.siteName}: approved` : `Free for life on ${config.siteName}: not approved`,
    text:
      hi(firstName) +
      (approved
        ? `Your organisation can now publish its listings free for life, without a subscription.\n`
        : `We could not approve free for life for your organisation. You can still publish with a subscription, starting with the free trial.\n`) +
      `\nYour control panel: ${cp(config)}\n` +
      sign(config),
  }),
};
