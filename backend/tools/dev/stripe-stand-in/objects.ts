import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * The objects the stand-in keeps, typed by the fields of the `stripe` SDK's own types that it fills in, so a field
 * the stand-in names differently from Stripe (or an object shape from an older API version, such as
 * `current_period_end` on the subscription instead of its items) fails to compile.
 */
export type List<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };

export type Product = Pick<Stripe.Product, 'id' | 'object' | 'active' | 'created' | 'updated' | 'description' | 'images' | 'livemode' | 'metadata' | 'name' | 'url'>;

export type Recurring = Pick<Stripe.Price.Recurring, 'interval' | 'interval_count' | 'meter' | 'usage_type'>;

/** Decimal amounts travel as strings; the SDK turns them into its Decimal type. */
export type Price = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'billing_scheme' | 'created' | 'currency' | 'livemode' | 'lookup_key' | 'metadata' | 'nickname' | 'tax_behavior' | 'type'
> & { product: string; recurring: Recurring | null; unit_amount: number; unit_amount_decimal: string };

export type Customer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'balance' | 'created' | 'default_source' | 'delinquent' | 'description' | 'email' | 'livemode' | 'metadata' | 'name' | 'phone' | 'shipping'
> & { invoice_settings: Pick<Stripe.Customer.InvoiceSettings, 'custom_fields' | 'footer' | 'rendering_options'> & { default_payment_method: string | null } };

export type Card = Pick<Stripe.PaymentMethod.Card, 'brand' | 'country' | 'exp_month' | 'exp_year' | 'funding' | 'last4'>;

export type PaymentMethod = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'billing_details' | 'created' | 'livemode' | 'metadata'> & {
  type: 'card';
  card: Card;
  customer: string | null;
};

export type LineItem = Pick<Stripe.LineItem, 'id' | 'object' | 'amount_discount' | 'amount_subtotal' | 'amount_tax' | 'amount_total' | 'currency' | 'description' | 'metadata' | 'quantity'> & {
  price: Price;
};

export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'billing_address_collection'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_creation'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'ui_mode'
  | 'url'
> & { customer: string | null; invoice: string | null; subscription: string | null; line_items: List<LineItem> };

export type SubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'billing_thresholds' | 'created' | 'current_period_end' | 'current_period_start' | 'discounts' | 'metadata' | 'quantity' | 'subscription' | 'tax_rates'
> & { price: Price };

export type Subscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'description'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start'
> & { customer: string; default_payment_method: string | null; items: List<SubscriptionItem>; latest_invoice: string | null };

export type InvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  'id' | 'object' | 'amount' | 'currency' | 'description' | 'discountable' | 'discounts' | 'livemode' | 'metadata' | 'parent' | 'period' | 'quantity' | 'subtotal'
> & {
  invoice: string;
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
};

export type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'hosted_invoice_url'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
> & { customer: string; lines: List<InvoiceLine> };

export type InvoicePayment = Pick<
  Stripe.InvoicePayment,
  'id' | 'object' | 'amount_paid' | 'amount_requested' | 'created' | 'currency' | 'is_default' | 'livemode' | 'status' | 'status_transitions'
> & { invoice: string; payment: { type: 'payment_intent'; payment_intent: string } };

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'description'
  | 'livemode'
  | 'metadata'
  | 'payment_method_types'
  | 'status'
> & {
  customer: string;
  latest_charge: string | null;
  payment_method: string;
  last_payment_error: Pick<Stripe.PaymentIntent.LastPaymentError, 'type' | 'code' | 'decline_code' | 'message' | 'charge'> | null;
};

export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'receipt_url'
  | 'refunded'
  | 'status'
> & { customer: string; payment_intent: string; payment_method: string; payment_method_details: { type: 'card'; card: Card } };

export type Refund = Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'created' | 'currency' | 'metadata' | 'reason' | 'status'> & {
  charge: string;
  payment_intent: string;
};

export type PortalSession = Pick<Stripe.BillingPortal.Session, 'id' | 'object' | 'configuration' | 'created' | 'customer' | 'flow' | 'livemode' | 'locale' | 'on_behalf_of' | 'return_url' | 'url'>;

export type Event = Pick<Stripe.Event, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'> & {
  type: EventType;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
};

export type EventType = Extract<
  Stripe.Event.Type,
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_succeeded'
  | 'invoice.payment_failed'
  | 'charge.refunded'
>;

export type StripeObject =
  | Product
  | Price
  | Customer
  | PaymentMethod
  | CheckoutSession
  | Subscription
  | Invoice
  | InvoicePayment
  | PaymentIntent
  | Charge
  | Refund
  | PortalSession
  | Event;

export type ObjectName = StripeObject['object'];
export type ObjectOf<N extends ObjectName> = Extract<StripeObject, { object: N }>;

/** Stripe's id shape: a prefix per kind of object, then random letters and digits. */
export function newId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('')}`;
}

export const list = <T>(data: T[], url: string, has_more = false): List<T> => ({ object: 'list', data, has_more, url });
