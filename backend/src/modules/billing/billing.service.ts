import { BillingErrorCode, BillingStateDto, ENDED_STATUSES, PLAN_TERMS, PlanInterval, PUBLISHING_STATUSES, UNPAID_STATUSES } from '@directory/domain';
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { MailService } from '../../infra/mail/mail.service';
import { BadSignature, PaymentsUnavailable, StripeGateway, type SubscriptionSnapshot } from '../../infra/payments/stripe.gateway';
import { BillingStateReader, DAY_MS, holdsFirstPayment, isEnded, refundWindowEnd } from './billing-state';
import { BillingClock } from './billing.clock';
import { BillingException } from './billing.exception';
import { billingMail } from './billing.messages';
import { BillingRepository } from './billing.repository';
import { SubscriptionEntity } from './subscription.entity';

/** Mail queued inside a transaction, delivered once it has committed. */
type Queued = number[];

/**
 * Subscriptions: checkout, cancel and resume, refunds, the customer portal, and Stripe's webhooks. Every change of a
 * subscription's state goes through sync(): the subscription as Stripe answers it now is written over ours, and the
 * transitions (a new trial, an end) are decided by conditional updates, so racing webhooks and requests act once.
 * No Stripe SDK here: StripeGateway is the adapter.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    private readonly repo: BillingRepository,
    private readonly gateway: StripeGateway,
    private readonly mail: MailService,
    private readonly clock: BillingClock,
    private readonly state: BillingStateReader,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  stateFor(userId: number): Promise<BillingStateDto> {
    return this.state.stateFor(userId);
  }

  /** A Stripe Checkout page for the plan: with the free trial for a first subscription, none for a later one. */
  async checkout(userId: number, plan: PlanInterval): Promise<{ url: string }> {
    const user = await this.repo.user(userId);
    if (!user) throw new BillingException(BillingErrorCode.NoSubscription);
    if ((await this.repo.liveFor(userId)).length > 0) throw new BillingException(BillingErrorCode.SubscriptionExists);
    const previous = await this.repo.latestFor(userId);
    // One free trial per lister: per account, and per email address (normalised) across deleted and re-created accounts.
    const trial = !previous && !(await this.repo.history(user.email))?.trialStartedAt;
    const cp = `${this.config.siteOrigin}/cp/subscription`;
    const url = await this.stripe(async () => {
      const customerId = previous?.stripeCustomerId ?? (await this.gateway.customerFor(userId, user.email));
      return this.gateway.checkout({ customerId, userId, plan, trialDays: trial ? PLAN_TERMS.trialDays : null, successUrl: `${cp}?checkout=done`, cancelUrl: cp });
    });
    return { url };
  }

  /** Cancels at the end of the period (during the trial: no charge at all). */
  async cancel(userId: number): Promise<BillingStateDto> {
    const row = await this.current(userId);
    await this.syncNow(await this.stripe(() => this.gateway.setCancelAtPeriodEnd(row.stripeSubscriptionId, true)));
    return this.stateFor(userId);
  }

  /** Takes back a cancellation, until the period ends. */
  async resume(userId: number): Promise<BillingStateDto> {
    const row = await this.current(userId);
    await this.syncNow(await this.stripe(() => this.gateway.setCancelAtPeriodEnd(row.stripeSubscriptionId, false)));
    return this.stateFor(userId);
  }

  /**
   * Within PLAN_TERMS.refundDays of the lister's first payment ever: the payment back in full, the subscription ended
   * now. The guarantee is the lister's, once: a refund asked for on a later subscription's payment (subscribing again
   * after a refund is paid at once) is passed to an admin, who sees it in the back office and by email, and the lister
   * is told so (403 refund_by_admin).
   */
  async refund(userId: number): Promise<BillingStateDto> {
    const row = await this.current(userId);
    const firstPaymentEver = await this.repo.firstPaymentEver(userId);
    const windowEnd = refundWindowEnd(row, firstPaymentEver);
    if (windowEnd && this.clock.now() <= windowEnd) {
      await this.refundAndEnd(row);
      return this.stateFor(userId);
    }
    if (row.firstPaidAt && !holdsFirstPayment(row, firstPaymentEver)) {
      await this.passRefundToAdmin(row, firstPaymentEver!.at);
      throw new BillingException(BillingErrorCode.RefundByAdmin, { values: [PLAN_TERMS.refundDays] });
    }
    throw new BillingException(BillingErrorCode.RefundWindowClosed, { values: [PLAN_TERMS.refundDays] });
  }

  /** Marks the request on the subscription (the admin app lists it) and emails the site's contact address, once. */
  private async passRefundToAdmin(row: SubscriptionEntity, firstPaymentEver: Date): Promise<void> {
    const queued: Queued = [];
    await this.repo.transaction(async (m) => {
      if (!(await this.repo.markRefundRequested(m, row.id, this.clock.now()))) return;
      const user = await this.repo.user(row.userId, m);
      if (!user) return;
      queued.push(await this.mail.queueIn(m, { to: this.config.contact.email, ...billingMail.refundRequested(this.config, user.email, row, firstPaymentEver) }));
    });
    this.mail.deliverSoon(queued);
  }

  /** Admins refund any subscription's last payment, whatever its age, and end it. */
  async refundByAdmin(id: number): Promise<SubscriptionEntity> {
    const row = await this.repo.subscriptions.findOneBy({ id });
    if (!row) throw new BillingException(BillingErrorCode.SubscriptionNotFound, { values: [id] });
    await this.refundAndEnd(row);
    return (await this.repo.subscriptions.findOneBy({ id }))!;
  }

  /** The Stripe customer portal (card, invoices, plan change). */
  async portal(userId: number): Promise<{ url: string }> {
    const row = await this.repo.latestFor(userId);
    if (!row) throw new BillingException(BillingErrorCode.NoSubscription);
    return { url: await this.stripe(() => this.gateway.portal(row.stripeCustomerId, `${this.config.siteOrigin}/cp/subscription`)) };
  }

  /**
   * For the account deletion (called before the user row goes): every live subscription ends now at Stripe, without a
   * refund and without emails. Stripe being down does not stop the deletion: the subscription id is logged for a manual
   * cancellation (the rows go with the user, ON DELETE CASCADE).
   */
  async endForDeletedAccount(userId: number): Promise<void> {
    await this.rememberBeforeDeletion(userId);
    for (const row of await this.repo.liveFor(userId)) {
      // Marked ended first, so the webhook that follows the cancellation sends no "subscription ended" email.
      await this.repo.transaction((m) => this.repo.markEnded(m, row.id, this.clock.now()));
      try {
        await this.gateway.cancelNow(row.stripeSubscriptionId);
      } catch (err) {
        this.logger.error(`Account ${userId} deleted but its Stripe subscription ${row.stripeSubscriptionId} could not be cancelled (${(err as Error).message}): cancel it in the Stripe dashboard`);
      }
    }
  }

  /**
   * The address the account has now (it may have changed since the trial) keeps the account's trial and first payment
   * in billing_history, which outlives the account: a re-created account of it gets no second trial or refund window.
   */
  private async rememberBeforeDeletion(userId: number): Promise<void> {
    const [user, rows] = await Promise.all([this.repo.user(userId), this.repo.subscriptions.find({ where: { userId }, order: { id: 'ASC' } })]);
    if (!user || rows.length === 0) return;
    const trial = rows.find((r) => r.trialEnd !== null);
    const paid = rows.filter((r) => r.firstPaidAt !== null).sort((a, b) => a.firstPaidAt!.getTime() - b.firstPaidAt!.getTime() || a.id - b.id)[0];
    await this.repo.transaction(async (m) => {
      if (trial) await this.repo.rememberTrial(m, user.email, trial.startedAt);
      if (paid) await this.repo.rememberFirstPayment(m, user.email, paid.firstPaidAt!, paid.stripeSubscriptionId);
    });
  }

  /** POST /api/billing/webhook/: verified on the raw body, handled once per event id, state re-read from Stripe. */
  async webhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    let event;
    try {
      event = this.gateway.parseEvent(rawBody, signature);
    } catch (err) {
      if (err instanceof BadSignature) throw new BillingException(BillingErrorCode.InvalidSignature, { field: 'Stripe-Signature' });
      throw this.unavailable(err);
    }
    if (await this.repo.eventSeen(event.id)) return;
    // Outside the transaction (a network call): the subscription as it is now, whichever event came first.
    const snapshot = event.subscriptionId ? await this.stripe(() => this.gateway.subscription(event.subscriptionId!)) : null;
    const queued: Queued = [];
    let synced: SubscriptionEntity | null = null;
    await this.repo.transaction(async (m) => {
      if (!(await this.repo.recordEvent(m, event.id, event.type))) return;
      const row = snapshot ? await this.sync(m, snapshot, queued, event.clientReference) : null;
      synced = row;
      if (event.type === 'invoice.paid' && row && event.amountCents > 0) {
        const paidAt = event.paidAt ?? this.clock.now();
        await this.repo.markFirstPaid(m, row.id, paidAt);
        const payer = await this.repo.user(row.userId, m);
        if (payer) await this.repo.rememberFirstPayment(m, payer.email, paidAt, row.stripeSubscriptionId);
        await this.mailUser(m, row.userId, queued, (c, name) => billingMail.paymentReceived(c, name, row, event.amountCents));
      }
      if (event.type === 'invoice.payment_failed' && row) {
        await this.mailUser(m, row.userId, queued, (c, name) => billingMail.paymentFailed(c, name, event.amountCents));
      }
      if (event.type === 'charge.refunded' && event.customerId) {
        const refunded = await this.repo.latestForCustomer(event.customerId, m);
        if (refunded) await this.mailUser(m, refunded.userId, queued, (c, name) => billingMail.refundMade(c, name, event.amountCents));
      }
    });
    this.mail.deliverSoon(queued);
    const row = synced as SubscriptionEntity | null;
    if (row && !isEnded(row)) await this.endDuplicates(row.userId);
  }

  /**
   * One subscription per lister: checkout refuses a second while one is live, but two Checkout pages opened before
   * either was paid can both complete. The first one started is kept; any later one ends at once, its payment (if
   * any) refunded in full. Racing webhooks may both try: cancelling and refunding are idempotent at Stripe.
   */
  private async endDuplicates(userId: number): Promise<void> {
    const live = (await this.repo.liveFor(userId)).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.id - b.id);
    for (const duplicate of live.slice(1)) {
      try {
        await this.refundAndEnd(duplicate);
        this.logger.warn(`User ${userId} completed a second checkout: subscription ${duplicate.stripeSubscriptionId} ended and refunded, ${live[0].stripeSubscriptionId} kept`);
      } catch (err) {
        this.logger.error(`User ${userId} has two subscriptions; ending ${duplicate.stripeSubscriptionId} failed: ${(err as Error).message}`);
      }
    }
  }

  private async refundAndEnd(row: SubscriptionEntity): Promise<void> {
    await this.stripe(() => this.gateway.refundLastPayment(row.stripeSubscriptionId));
    await this.syncNow(await this.stripe(() => this.gateway.cancelNow(row.stripeSubscriptionId)));
  }

  private async syncNow(snapshot: SubscriptionSnapshot): Promise<void> {
    const queued: Queued = [];
    await this.repo.transaction((m) => this.sync(m, snapshot, queued));
    this.mail.deliverSoon(queued);
  }

  /**
   * Writes Stripe's current state of a subscription over ours (creating the row on first sight) and acts on its
   * transitions once: a new trial is announced; an end unpublishes the owner's listings (unless another subscription
   * or free for life lets them publish) and is announced. Returns the row, or null for a subscription of no known user.
   */
  private async sync(m: EntityManager, s: SubscriptionSnapshot, queued: Queued, clientReference?: string | null): Promise<SubscriptionEntity | null> {
    const fields = {
      status: s.status,
      plan: s.plan,
      amountCents: s.amountCents,
      trialEnd: s.trialEnd,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    };
    let row = await this.repo.byStripeId(s.id, m);
    if (!row) {
      const userId = s.userId ?? (Number(clientReference) || null);
      if (!userId || !(await this.repo.user(userId, m))) return null;
      const created = await this.repo.insertSubscription(m, { ...fields, userId, stripeCustomerId: s.customerId, stripeSubscriptionId: s.id, startedAt: s.startedAt });
      row = (await this.repo.byStripeId(s.id, m))!;
      if (created && s.trialEnd) {
        const owner = await this.repo.user(userId, m);
        if (owner) await this.repo.rememberTrial(m, owner.email, s.startedAt);
      }
      if (created && s.status === 'trialing') {
        const fresh = row;
        await this.mailUser(m, row.userId, queued, (c, name) => billingMail.trialStarted(c, name, fresh));
      }
    } else {
      await m.getRepository(SubscriptionEntity).update(row.id, fields);
      Object.assign(row, fields);
    }
    // Not paid up: publishing stops now (PublishPolicy), the listings go after the grace period (UnpaidGrace).
    if ((UNPAID_STATUSES as readonly string[]).includes(s.status)) await this.repo.startGrace(m, row.id, new Date(this.clock.now().getTime() + PLAN_TERMS.unpaidGraceDays * DAY_MS));
    else if ((PUBLISHING_STATUSES as readonly string[]).includes(s.status)) await this.repo.endGrace(m, row.id);
    if ((ENDED_STATUSES as readonly string[]).includes(s.status) && (await this.repo.markEnded(m, row.id, this.clock.now()))) {
      row.endedAt = this.clock.now();
      // Another subscription (or free for life) keeps the lister publishing: nothing leaves the directory, nothing to say.
      if (!(await this.repo.keepsPublishing(m, row.userId, row.id))) {
        await this.repo.unpublishListings(m, row.userId);
        await this.mailUser(m, row.userId, queued, (c, name) => billingMail.subscriptionEnded(c, name));
      }
    }
    return row;
  }

  private async mailUser(m: EntityManager, userId: number, queued: Queued, mail: (config: AppConfig, firstName: string) => { subject: string; text: string }): Promise<void> {
    const user = await this.repo.user(userId, m);
    if (!user) return;
    queued.push(await this.mail.queueIn(m, { to: user.email, ...mail(this.config, user.firstName) }));
  }

  /** The user's subscription that has not ended, or 404 no_subscription. */
  private async current(userId: number): Promise<SubscriptionEntity> {
    const row = await this.repo.latestFor(userId);
    if (!row || isEnded(row)) throw new BillingException(BillingErrorCode.NoSubscription);
    return row;
  }

  private async stripe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  private unavailable(err: unknown): unknown {
    return err instanceof PaymentsUnavailable ? new BillingException(BillingErrorCode.PaymentsUnavailable) : err;
  }
}
