import { Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';

export type Interval = 'monthly' | 'yearly';

/** A subscription as Stripe answers it now, in the billing module's words (no SDK types leave this file). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** Our user id, from the subscription's metadata (set at checkout). */
  userId: number | null;
  status: string;
  plan: Interval;
  amountCents: number;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  startedAt: Date;
}

/** A verified webhook event, reduced to what the billing module acts on. */
export interface BillingEvent {
  id: string;
  type: string;
  /** The subscription the event is about, when it names one (checkout, subscription and invoice events). */
  subscriptionId: string | null;
  customerId: string | null;
  /** checkout.session.completed: our user id (client_reference_id). */
  clientReference: string | null;
  /** invoice.*: what was paid (0 for the invoice that starts a trial) or due, and when it was paid. */
  amountCents: number;
  paidAt: Date | null;
}

/** Stripe could not be reached or refused: the service answers 503 (payments_unavailable). */
export class PaymentsUnavailable extends Error {}
/** The Stripe-Signature header does not match the body. */
export class BadSignature extends Error {}

const at = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

/**
 * The only code that talks to Stripe (or to the local stand-in, reached through STRIPE_API_URL with the SDK's
 * host/port/protocol options: the calls are the same). Prices are found by lookup key or created once, idempotently.
 */
@Injectable()
export class StripeGateway {
  private readonly logger = new Logger(StripeGateway.name);
  private readonly stripe: Stripe | null;
  /** Signature checks need no key and no network: without Stripe configured every webhook is refused as unsigned. */
  private readonly verifier: Stripe;
  private prices: Promise<Record<Interval, string>> | null = null;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    const { secretKey, api } = config.stripe;
    this.stripe = secretKey ? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(api ?? {}) }) : null;
    this.verifier = this.stripe ?? new Stripe('sk_test_signature_checks_only');
  }

  get enabled(): boolean {
    return this.stripe !== null;
  }

  /** Verifies the signature on the bytes as sent and reads the event. */
  parseEvent(rawBody: Buffer | undefined, signature: string | undefined): BillingEvent {
    let event: Stripe.Event;
    try {
      if (!this.config.stripe.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      event = this.verifier.webhooks.constructEvent(rawBody ?? Buffer.alloc(0), signature ?? '', this.config.stripe.webhookSecret);
    } catch (err) {
      throw new BadSignature((err as Error).message);
    }
    const base = { id: event.id, type: event.type, subscriptionId: null, customerId: null, clientReference: null, amountCents: 0, paidAt: null };
    const object = event.data.object as unknown as Record<string, unknown>;
    const idOf = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: string }).id) : null);
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        return { ...base, subscriptionId: idOf(s.subscription), customerId: idOf(s.customer), clientReference: s.client_reference_id };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { ...base, subscriptionId: event.data.object.id, customerId: idOf(event.data.object.customer) };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const paid = event.type === 'invoice.paid';
        return {
          ...base,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          customerId: idOf(invoice.customer),
          amountCents: paid ? invoice.amount_paid : invoice.amount_due,
          paidAt: paid ? at(invoice.status_transitions?.paid_at) ?? at(event.created) : null,
        };
      }
      case 'charge.refunded':
        return { ...base, customerId: idOf(object.customer), amountCents: Number(object.amount_refunded ?? 0) };
      default:
        return base;
    }
  }

  async subscription(id: string): Promise<SubscriptionSnapshot> {
    return this.call(async (stripe) => this.snapshot(await stripe.subscriptions.retrieve(id)));
  }

  /** The customer of this user: the one made for them before (found by email and user id), or a new one. */
  async customerFor(userId: number, email: string): Promise<string> {
    return this.call(async (stripe) => {
      const found = await stripe.customers.list({ email, limit: 100 });
      const mine = found.data.find((c) => c.metadata?.user_id === String(userId));
      if (mine) return mine.id;
      const created = await stripe.customers.create({ email, metadata: { user_id: String(userId) } }, { idempotencyKey: `customer-user-${userId}` });
      return created.id;
    });
  }

  async checkout(input: { customerId: string; userId: number; plan: Interval; trialDays: number | null; successUrl: string; cancelUrl: string }): Promise<string> {
    const prices = await this.priceIds();
    return this.call(async (stripe) => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: String(input.userId),
        line_items: [{ price: prices[input.plan], quantity: 1 }],
        subscription_data: { ...(input.trialDays ? { trial_period_days: input.trialDays } : {}), metadata: { user_id: String(input.userId) } },
        metadata: { user_id: String(input.userId) },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      return session.url!;
    });
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    return this.call(async (stripe) => this.snapshot(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel })));
  }

  /** Ends the subscription now, without a refund or a final invoice. */
  async cancelNow(id: string): Promise<SubscriptionSnapshot> {
    return this.call(async (stripe) => {
      const ended = (s: Stripe.Subscription) => s.status === 'canceled' || s.status === 'incomplete_expired';
      const current = await stripe.subscriptions.retrieve(id);
      if (ended(current)) return this.snapshot(current);
      try {
        return this.snapshot(await stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false }));
      } catch (err) {
        // A racing request (a second click, the other API process) may have ended it a moment ago: that is the goal.
        const now = await stripe.subscriptions.retrieve(id);
        if (ended(now)) return this.snapshot(now);
        throw err;
      }
    });
  }

  /** Refunds the latest paid invoice of the subscription in full; the amount refunded (0 when nothing was paid). */
  async refundLastPayment(subscriptionId: string): Promise<number> {
    return this.call(async (stripe) => {
      const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 });
      const paid = invoices.data.filter((i) => i.amount_paid > 0).sort((a, b) => b.created - a.created)[0];
      if (!paid) return 0;
      const payments = await stripe.invoicePayments.list({ invoice: paid.id! });
      const intent = payments.data.map((p) => p.payment.payment_intent).find(Boolean);
      const intentId = typeof intent === 'string' ? intent : intent?.id;
      if (!intentId) return 0;
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer' }, { idempotencyKey: `refund-${paid.id}` });
        return refund.amount;
      } catch (err) {
        // Refunded already (a racing request, or an earlier try whose answer was lost): nothing more to give back.
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') return 0;
        throw err;
      }
    });
  }

  async portal(customerId: string, returnUrl: string): Promise<string> {
    return this.call(async (stripe) => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url);
  }

  /** The configured price ids, or the prices found (or created once) by lookup key at the configured amounts. */
  private priceIds(): Promise<Record<Interval, string>> {
    const { monthly, yearly } = this.config.stripe.priceIds;
    if (monthly && yearly) return Promise.resolve({ monthly, yearly });
    this.prices ??= this.call(async (stripe) => ({
      monthly: monthly ?? (await this.ensurePrice(stripe, 'monthly')),
      yearly: yearly ?? (await this.ensurePrice(stripe, 'yearly')),
    })).catch((err: unknown) => {
      this.prices = null;
      throw err;
    });
    return this.prices;
  }

  private async ensurePrice(stripe: Stripe, plan: Interval): Promise<string> {
    const cents = plan === 'monthly' ? this.config.plans.monthlyCents : this.config.plans.yearlyCents;
    // The amount is part of the key: a new amount in the configuration makes a new price, old subscribers keep theirs.
    const lookupKey = `${this.config.site}_${plan}_${cents}`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true });
    if (found.data[0]) return found.data[0].id;
    const price = await stripe.prices.create(
      { currency: 'eur', unit_amount: cents, recurring: { interval: plan === 'monthly' ? 'month' : 'year' }, lookup_key: lookupKey, product_data: { name: `${this.config.siteName} listing (${plan})` } },
      { idempotencyKey: `price-${lookupKey}` },
    );
    return price.id;
  }

  private snapshot(s: Stripe.Subscription): SubscriptionSnapshot {
    const item = s.items.data[0];
    const interval = item?.price.recurring?.interval;
    const userId = Number(s.metadata?.user_id);
    return {
      id: s.id,
      customerId: typeof s.customer === 'string' ? s.customer : s.customer.id,
      userId: Number.isInteger(userId) && userId > 0 ? userId : null,
      status: s.status,
      plan: interval === 'year' ? 'yearly' : 'monthly',
      amountCents: (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1),
      trialEnd: at(s.trial_end),
      currentPeriodEnd: at(item?.current_period_end),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      startedAt: at(s.start_date) ?? new Date(),
    };
  }

  private client(): Stripe {
    if (!this.stripe) throw new PaymentsUnavailable('STRIPE_SECRET_KEY is not set');
    return this.stripe;
  }

  private async call<T>(work: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = this.client();
    try {
      return await work(stripe);
    } catch (err) {
      // Whatever Stripe refused or failed, the lister is told to try later; the log keeps the reason.
      this.logger.warn(`Stripe unavailable: ${(err as Error).message}`);
      throw new PaymentsUnavailable((err as Error).message);
    }
  }
}
