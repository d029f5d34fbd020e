import type Stripe from 'stripe';
import { cardFails, TEST_CARDS } from './cards';
import { cardDeclined, invalid, noSuch, StripeError } from './errors';
import { mergeMetadata } from './params';
import {
  type Charge,
  type CheckoutSession,
  type Customer,
  type Event,
  type EventType,
  type Invoice,
  type InvoiceLine,
  type InvoicePayment,
  list,
  newId,
  type ObjectName,
  type ObjectOf,
  type PaymentIntent,
  type PaymentMethod,
  type PortalSession,
  type Price,
  type Product,
  type Recurring,
  type Refund,
  type StripeObject,
  type Subscription,
} from './objects';

/** The API version whose object shapes the stand-in speaks: the pinned `stripe` SDK's (a new SDK fails to compile here until reviewed). */
export const API_VERSION: typeof Stripe.API_VERSION = '2026-10-28.endive';

const DAY = 86_400;

/** Everything the stand-in knows; plain JSON, so it can be written to a file and read back. */
export interface State {
  /** Seconds the stand-in's clock runs ahead of this machine's. */
  clockOffset: number;
  /** Every object by id, oldest first. */
  objects: Record<string, StripeObject>;
  /** What a checkout session will give the subscription it creates (`subscription_data`), by session id. */
  subscriptionData: Record<string, { trial_period_days: number | null; metadata: Record<string, string> }>;
  invoiceCount: number;
}

export const emptyState = (): State => ({ clockOffset: 0, objects: {}, subscriptionData: {}, invoiceCount: 0 });

export type Metadata = Record<string, string | null> | undefined;

export interface CheckoutSessionInput {
  customer?: string;
  customer_email?: string;
  client_reference_id?: string;
  line_items: { price: string; quantity: number }[];
  trial_period_days?: number;
  subscription_metadata: Metadata;
  metadata: Metadata;
  success_url: string;
  cancel_url?: string;
  locale?: string;
  allow_promotion_codes?: boolean;
  billing_address_collection?: 'auto' | 'required';
  payment_method_types?: string[];
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  email: string;
  name: string;
}

/**
 * One Stripe account in test mode: its objects, its clock and the subscription life cycle (trial, renewal, failed
 * payment, cancellation at period end, refund), emitting the events Stripe emits for each step. Every method is
 * synchronous, so two requests never interleave inside one change.
 */
export class Account {
  private request: Event['request'] = null;

  constructor(
    readonly state: State,
    readonly baseUrl: string,
    private readonly publish: (event: Event) => void,
  ) {}

  now(): number {
    return Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  /** Runs one API request's change, so its events name the request (as Stripe's `event.request` does). */
  during<T>(request: NonNullable<Event['request']>, change: () => T): T {
    this.request = request;
    try {
      return change();
    } finally {
      this.request = null;
    }
  }

  find(id: string): StripeObject | undefined {
    return Object.hasOwn(this.state.objects, id) ? this.state.objects[id] : undefined;
  }

  get<N extends ObjectName>(object: N, id: string, param = 'id'): ObjectOf<N> {
    const found = this.find(id);
    if (found?.object !== object) throw noSuch(object, id, param);
    return found as ObjectOf<N>;
  }

  /** Newest first, as Stripe lists. */
  all<N extends ObjectName>(object: N): ObjectOf<N>[] {
    return Object.values(this.state.objects)
      .filter((o): o is ObjectOf<N> => o.object === object)
      .reverse();
  }

  private add<T extends StripeObject>(o: T): T {
    this.state.objects[o.id] = o;
    return o;
  }

  createProduct(input: { id?: string; name: string; description?: string; active?: boolean; metadata: Metadata }): Product {
    if (input.id && this.find(input.id)) throw new StripeError(400, 'invalid_request_error', 'Product already exists.', 'resource_already_exists', 'id');
    const at = this.now();
    return this.add({
      id: input.id ?? newId('prod', 14),
      object: 'product',
      active: input.active ?? true,
      created: at,
      updated: at,
      description: input.description ?? null,
      images: [],
      livemode: false,
      metadata: mergeMetadata({}, input.metadata),
      name: input.name,
      url: null,
    });
  }

  createPrice(input: {
    product: string;
    currency: string;
    unit_amount: number;
    recurring?: Recurring;
    lookup_key?: string;
    transfer_lookup_key?: boolean;
    nickname?: string;
    active?: boolean;
    metadata: Metadata;
  }): Price {
    this.get('product', input.product, 'product');
    const holder = input.lookup_key ? this.all('price').find((p) => p.lookup_key === input.lookup_key) : undefined;
    if (holder && !input.transfer_lookup_key) {
      throw invalid('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key_already_used');
    }
    if (holder) holder.lookup_key = null;
    return this.add({
      id: newId('price'),
      object: 'price',
      active: input.active ?? true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: input.currency,
      livemode: false,
      lookup_key: input.lookup_key ?? null,
      metadata: mergeMetadata({}, input.metadata),
      nickname: input.nickname ?? null,
      product: input.product,
      recurring: input.recurring ?? null,
      tax_behavior: 'unspecified',
      type: input.recurring ? 'recurring' : 'one_time',
      unit_amount: input.unit_amount,
      unit_amount_decimal: String(input.unit_amount),
    });
  }

  createCustomer(input: { email?: string; name?: string; description?: string; phone?: string; metadata: Metadata }): Customer {
    return this.add({
      id: newId('cus', 14),
      object: 'customer',
      balance: 0,
      created: this.now(),
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      email: input.email ?? null,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: mergeMetadata({}, input.metadata),
      name: input.name ?? null,
      phone: input.phone ?? null,
      shipping: null,
    });
  }

  updateCustomer(id: string, input: { email?: string | null; name?: string | null; description?: string | null; phone?: string | null; metadata: Metadata }): Customer {
    const customer = this.get('customer', id);
    for (const key of ['email', 'name', 'description', 'phone'] as const) {
      if (input[key] !== undefined) customer[key] = input[key];
    }
    customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    return customer;
  }

  createCheckoutSession(input: CheckoutSessionInput): CheckoutSession {
    if (input.customer && input.customer_email) {
      throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
    }
    if (input.customer) this.get('customer', input.customer, 'customer');
    const prices = input.line_items.map((item, i) => {
      const price = this.get('price', item.price, `line_items[${i}][price]`);
      if (!price.recurring) throw invalid(`line_items[${i}][price]`, 'In subscription mode, every price must be recurring.');
      if (!price.active) throw invalid(`line_items[${i}][price]`, `The price \`${price.id}\` is not active.`);
      return price;
    });
    if (new Set(prices.map((p) => p.currency)).size > 1) throw invalid('line_items', 'Every line item must have the same currency.');
    const at = this.now();
    const id = newId('cs_test', 58);
    const amount = input.trial_period_days ? 0 : input.line_items.reduce((sum, item, i) => sum + prices[i].unit_amount * item.quantity, 0);
    this.state.subscriptionData[id] = { trial_period_days: input.trial_period_days ?? null, metadata: mergeMetadata({}, input.subscription_metadata) };
    return this.add({
      id,
      object: 'checkout.session',
      allow_promotion_codes: input.allow_promotion_codes ?? null,
      amount_subtotal: amount,
      amount_total: amount,
      billing_address_collection: input.billing_address_collection ?? null,
      cancel_url: input.cancel_url ?? null,
      client_reference_id: input.client_reference_id ?? null,
      created: at,
      currency: prices[0].currency,
      customer: input.customer ?? null,
      customer_creation: input.customer ? null : 'always',
      customer_details: null,
      customer_email: input.customer_email ?? null,
      expires_at: at + DAY,
      invoice: null,
      line_items: list(
        input.line_items.map((item, i) => ({
          id: newId('li'),
          object: 'item' as const,
          amount_discount: 0,
          amount_subtotal: prices[i].unit_amount * item.quantity,
          amount_tax: 0,
          amount_total: prices[i].unit_amount * item.quantity,
          currency: prices[i].currency,
          description: this.get('product', prices[i].product).name,
          metadata: {},
          price: prices[i],
          quantity: item.quantity,
        })),
        `/v1/checkout/sessions/${id}/line_items`,
      ),
      livemode: false,
      locale: (input.locale as CheckoutSession['locale']) ?? null,
      metadata: mergeMetadata({}, input.metadata),
      mode: 'subscription',
      payment_intent: null,
      payment_method_types: input.payment_method_types ?? ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: input.success_url,
      ui_mode: 'hosted',
      url: `${this.baseUrl}/checkout/${id}`,
    });
  }

  /**
   * The hosted checkout page's "Start trial"/"Subscribe": the customer (created unless the session named one), the
   * card saved as their default, the subscription started, the session completed.
   */
  completeCheckout(id: string, card: CardInput): void {
    const session = this.get('checkout.session', id);
    if (session.status !== 'open') throw invalid('id', `This checkout session is ${session.status}.`);
    const behaviour = TEST_CARDS[card.number].behaviour;
    const { trial_period_days, metadata } = this.state.subscriptionData[id];
    if (behaviour === 'declined' || (behaviour === 'fails_after_attach' && !trial_period_days)) throw cardDeclined();
    const customer = session.customer ? this.get('customer', session.customer) : this.createCustomer({ email: card.email, name: card.name, metadata: {} });
    const paymentMethod = this.add<PaymentMethod>({
      id: newId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: card.email, name: card.name, phone: null, tax_id: null },
      card: { brand: TEST_CARDS[card.number].brand, country: 'IE', exp_month: card.exp_month, exp_year: card.exp_year, funding: 'credit', last4: card.number.slice(-4) },
      created: this.now(),
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
    });
    customer.invoice_settings.default_payment_method = paymentMethod.id;
    const subscription = this.startSubscription(session, customer, paymentMethod, trial_period_days, metadata);
    Object.assign(session, {
      status: 'complete',
      customer: customer.id,
      customer_details: { address: null, business_name: null, email: card.email, individual_name: null, name: card.name, phone: null, tax_exempt: 'none', tax_ids: [] },
      subscription: subscription.id,
      invoice: subscription.latest_invoice,
      payment_status: trial_period_days ? 'no_payment_required' : 'paid',
      url: null,
    } satisfies Partial<CheckoutSession>);
    this.emit('checkout.session.completed', session);
  }

  private startSubscription(session: CheckoutSession, customer: Customer, paymentMethod: PaymentMethod, trialDays: number | null, metadata: Record<string, string>): Subscription {
    const at = this.now();
    const id = newId('sub');
    const recurring = session.line_items.data[0].price.recurring!;
    const periodEnd = trialDays ? at + trialDays * DAY : addInterval(at, recurring, 1);
    const subscription = this.add<Subscription>({
      id,
      object: 'subscription',
      billing_cycle_anchor: trialDays ? periodEnd : at,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: cancellation(null),
      collection_method: 'charge_automatically',
      created: at,
      currency: session.currency!,
      customer: customer.id,
      default_payment_method: paymentMethod.id,
      description: null,
      ended_at: null,
      items: list(
        session.line_items.data.map((item) => ({
          id: newId('si', 14),
          object: 'subscription_item' as const,
          billing_thresholds: null,
          created: at,
          current_period_end: periodEnd,
          current_period_start: at,
          discounts: [],
          metadata: {},
          price: item.price,
          quantity: item.quantity ?? 1,
          subscription: id,
          tax_rates: [],
        })),
        `/v1/subscription_items?subscription=${id}`,
      ),
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: at,
      status: trialDays ? 'trialing' : 'active',
      test_clock: null,
      trial_end: trialDays ? periodEnd : null,
      trial_start: trialDays ? at : null,
    });
    const invoice = this.createInvoice(subscription, 'subscription_create', at, at, Boolean(trialDays));
    subscription.latest_invoice = invoice.id;
    this.emit('customer.subscription.created', subscription);
    this.collect(invoice);
    return subscription;
  }

  /** An invoice for the subscription's current period (for nothing during a trial), finalized and ready to collect. */
  private createInvoice(subscription: Subscription, reason: 'subscription_create' | 'subscription_cycle', periodStart: number, periodEnd: number, trial: boolean): Invoice {
    const id = newId('in');
    const customer = this.get('customer', subscription.customer);
    const lines: InvoiceLine[] = subscription.items.data.map((item) => {
      const product = this.get('product', item.price.product);
      const amount = trial ? 0 : item.price.unit_amount * (item.quantity ?? 1);
      return {
        id: newId('il'),
        object: 'line_item',
        amount,
        currency: item.price.currency,
        description: trial ? `Trial period for ${product.name}` : `${item.quantity ?? 1} × ${product.name}`,
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
        },
        period: { start: item.current_period_start, end: item.current_period_end },
        pricing: { type: 'price_details', price_details: { price: item.price.id, product: product.id }, unit_amount_decimal: item.price.unit_amount_decimal },
        quantity: item.quantity ?? 1,
        subtotal: amount,
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const at = this.now();
    return this.add<Invoice>({
      id,
      object: 'invoice',
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      hosted_invoice_url: null,
      lines: list(lines, `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `STANDIN-${String(++this.state.invoiceCount).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
      period_end: periodEnd,
      period_start: periodStart,
      status: 'open',
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      total,
    });
  }

  /**
   * Charges an open invoice to the subscription's card (an invoice for nothing is simply paid), with Stripe's events.
   * Answers whether it was paid.
   */
  private collect(invoice: Invoice): boolean {
    const at = this.now();
    if (invoice.amount_due > 0) {
      const subscription = this.get('subscription', invoice.parent!.subscription_details!.subscription as string);
      const paymentMethod = this.get('payment_method', subscription.default_payment_method!);
      const payment = this.all('invoice_payment').find((p) => p.invoice === invoice.id) ?? this.openPayment(invoice, paymentMethod);
      const intent = this.get('payment_intent', payment.payment.payment_intent);
      const fails = cardFails(paymentMethod.card);
      const charge = this.add<Charge>({
        id: newId('ch'),
        object: 'charge',
        amount: invoice.amount_due,
        amount_captured: fails ? 0 : invoice.amount_due,
        amount_refunded: 0,
        captured: !fails,
        created: at,
        currency: invoice.currency,
        customer: invoice.customer,
        description: intent.description,
        disputed: false,
        failure_code: fails ? 'card_declined' : null,
        failure_message: fails ? 'Your card was declined.' : null,
        livemode: false,
        metadata: {},
        paid: !fails,
        payment_intent: intent.id,
        payment_method: paymentMethod.id,
        payment_method_details: { type: 'card', card: paymentMethod.card },
        receipt_url: null,
        refunded: false,
        status: fails ? 'failed' : 'succeeded',
      });
      intent.latest_charge = charge.id;
      invoice.attempted = true;
      invoice.attempt_count += 1;
      if (fails) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', charge: charge.id };
        this.emit('invoice.payment_failed', invoice);
        return false;
      }
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null } satisfies Partial<PaymentIntent>);
      Object.assign(payment, { status: 'paid', amount_paid: invoice.amount_due, status_transitions: { canceled_at: null, paid_at: at } } satisfies Partial<InvoicePayment>);
    }
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      status_transitions: { ...invoice.status_transitions, paid_at: at },
    } satisfies Partial<Invoice>);
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return true;
  }

  private openPayment(invoice: Invoice, paymentMethod: PaymentMethod): InvoicePayment {
    const at = this.now();
    const intent = this.add<PaymentIntent>({
      id: newId('pi'),
      object: 'payment_intent',
      amount: invoice.amount_due,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: at,
      currency: invoice.currency,
      customer: invoice.customer,
      description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: {},
      payment_method: paymentMethod.id,
      payment_method_types: ['card'],
      status: 'processing',
    });
    return this.add<InvoicePayment>({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    });
  }

  /** `POST /v1/invoices/:id/pay`: another attempt on an open invoice; a paid invoice brings a past-due subscription back. */
  payInvoice(id: string): Invoice {
    const invoice = this.get('invoice', id);
    if (invoice.status !== 'open') throw invalid('id', `Invoice is already ${invoice.status}.`, 'invoice_not_open');
    if (!this.collect(invoice)) throw cardDeclined(this.get('payment_intent', this.paymentOf(invoice)!).latest_charge!);
    const subscription = this.get('subscription', invoice.parent!.subscription_details!.subscription as string);
    if (subscription.status === 'past_due' && subscription.latest_invoice === invoice.id) {
      this.change(subscription, () => (subscription.status = 'active'));
    }
    return invoice;
  }

  /** The payment intent that paid (or tried to pay) an invoice. */
  private paymentOf(invoice: Invoice): string | undefined {
    return this.all('invoice_payment').find((p) => p.invoice === invoice.id)?.payment.payment_intent;
  }

  updateSubscription(id: string, input: { cancel_at_period_end?: boolean; metadata: Metadata }): Subscription {
    const subscription = this.get('subscription', id);
    if (subscription.status === 'canceled' && input.cancel_at_period_end !== undefined) {
      throw invalid('cancel_at_period_end', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    this.change(subscription, () => {
      subscription.metadata = mergeMetadata(subscription.metadata, input.metadata);
      if (input.cancel_at_period_end === undefined || input.cancel_at_period_end === subscription.cancel_at_period_end) return;
      subscription.cancel_at_period_end = input.cancel_at_period_end;
      subscription.cancel_at = input.cancel_at_period_end ? periodEnd(subscription) : null;
      subscription.canceled_at = input.cancel_at_period_end ? this.now() : null;
      subscription.cancellation_details = cancellation(input.cancel_at_period_end ? 'cancellation_requested' : null);
    });
    return subscription;
  }

  /** `DELETE /v1/subscriptions/:id`: ends it now. */
  cancelSubscription(id: string): Subscription {
    const subscription = this.get('subscription', id);
    if (subscription.status === 'canceled') throw invalid('id', `The subscription ${id} has already been canceled.`, 'subscription_canceled');
    this.end(subscription, 'cancellation_requested');
    return subscription;
  }

  private end(subscription: Subscription, reason: 'cancellation_requested' | 'payment_failed'): void {
    const at = this.now();
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: at,
      canceled_at: subscription.canceled_at ?? at,
      cancellation_details: cancellation(reason),
    } satisfies Partial<Subscription>);
    this.emit('customer.subscription.deleted', subscription);
  }

  /** Applies a change and, if anything changed, sends `customer.subscription.updated` with the previous values. */
  private change(subscription: Subscription, apply: () => void): void {
    const before = structuredClone(subscription);
    apply();
    const previous = Object.fromEntries(
      Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(subscription[key as keyof Subscription])),
    );
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
  }

  createRefund(input: { charge?: string; payment_intent?: string; amount?: number; reason?: Refund['reason']; metadata: Metadata }): Refund {
    if (!input.charge === !input.payment_intent) throw invalid('charge', 'Specify exactly one of charge or payment_intent.');
    const intent = input.payment_intent ? this.get('payment_intent', input.payment_intent, 'payment_intent') : undefined;
    const charge = this.get('charge', input.charge ?? intent?.latest_charge ?? '', input.charge ? 'charge' : 'payment_intent');
    if (charge.status !== 'succeeded') throw invalid('charge', `Charge ${charge.id} has not succeeded, so it cannot be refunded.`, 'charge_not_refundable');
    if (charge.refunded) throw invalid('charge', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const left = charge.amount - charge.amount_refunded;
    const amount = input.amount ?? left;
    if (amount > left) throw invalid('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`, 'amount_too_large');
    const refund = this.add<Refund>({
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.now(),
      currency: charge.currency,
      metadata: mergeMetadata({}, input.metadata),
      payment_intent: charge.payment_intent,
      reason: input.reason ?? null,
      status: 'succeeded',
    });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('charge.refunded', charge);
    return refund;
  }

  createPortalSession(input: { customer: string; return_url?: string; locale?: string }): PortalSession {
    this.get('customer', input.customer, 'customer');
    const id = newId('bps');
    return this.add({
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_stand_in_default',
      created: this.now(),
      customer: input.customer,
      flow: null,
      livemode: false,
      locale: (input.locale as PortalSession['locale']) ?? null,
      on_behalf_of: null,
      return_url: input.return_url ?? null,
      url: `${this.baseUrl}/portal/${id}`,
    });
  }

  /** Moves the clock forward and lets everything that falls due in between happen, in order. */
  advance(seconds: number): void {
    this.state.clockOffset += seconds;
    this.settle();
  }

  /**
   * Ends every period that has passed: a trial converts to paid (or to past_due if the card fails), a paid period
   * renews, a subscription cancelled at period end (or still past due a period later) ends. Checkout sessions expire.
   */
  settle(): void {
    const now = this.now();
    for (const session of this.all('checkout.session')) {
      if (session.status === 'open' && session.expires_at <= now) Object.assign(session, { status: 'expired', url: null } satisfies Partial<CheckoutSession>);
    }
    for (;;) {
      const due = this.all('subscription')
        .filter((s) => s.status !== 'canceled' && periodEnd(s) <= now)
        .sort((a, b) => periodEnd(a) - periodEnd(b))[0];
      if (!due) return;
      this.endPeriod(due);
    }
  }

  private endPeriod(subscription: Subscription): void {
    const end = periodEnd(subscription);
    if (subscription.cancel_at_period_end || subscription.status === 'past_due') {
      this.end(subscription, subscription.cancel_at_period_end ? 'cancellation_requested' : 'payment_failed');
      return;
    }
    const previousStart = subscription.items.data[0].current_period_start;
    const recurring = subscription.items.data[0].price.recurring!;
    let next = 1;
    while (addInterval(subscription.billing_cycle_anchor, recurring, next) <= end) next++;
    for (const item of subscription.items.data) {
      item.current_period_start = end;
      item.current_period_end = addInterval(subscription.billing_cycle_anchor, recurring, next);
    }
    const invoice = this.createInvoice(subscription, 'subscription_cycle', previousStart, end, false);
    const paid = this.collect(invoice);
    this.change(subscription, () => {
      subscription.latest_invoice = invoice.id;
      subscription.status = paid ? 'active' : 'past_due';
    });
  }

  private emit(type: EventType, object: StripeObject, previous?: Record<string, unknown>): void {
    const event = this.add<Event>({
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: { object: this.render(object), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 0,
      request: this.request ?? { id: null, idempotency_key: null },
      type,
    });
    this.publish(event);
  }

  /** An object as the API answers it: a copy, with fields Stripe only includes on request (`line_items`) left out. */
  render(object: StripeObject): StripeObject {
    const copy = structuredClone(object);
    if (copy.object === 'checkout.session') delete (copy as Partial<CheckoutSession>).line_items;
    return copy;
  }
}

const cancellation = (reason: Stripe.Subscription.CancellationDetails.Reason | null): Stripe.Subscription.CancellationDetails => ({
  comment: null,
  feedback: null,
  feedback_option: null,
  reason,
});

const periodEnd = (subscription: Subscription) => subscription.items.data[0].current_period_end;

/** The end of the `count`th period from the anchor; months keep the anchor's day where the month has it, as Stripe does. */
function addInterval(anchor: number, recurring: Recurring, count: number): number {
  const n = recurring.interval_count * count;
  if (recurring.interval === 'day') return anchor + n * DAY;
  if (recurring.interval === 'week') return anchor + n * 7 * DAY;
  const start = new Date(anchor * 1000);
  const months = start.getUTCMonth() + (recurring.interval === 'year' ? 12 * n : n);
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), months + 1, 0)).getUTCDate();
  const end = Date.UTC(start.getUTCFullYear(), months, Math.min(start.getUTCDate(), lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
  return end / 1000;
}
