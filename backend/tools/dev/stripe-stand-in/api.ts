import { API_VERSION, type Account } from './account';
import { invalid, missing, StripeError } from './errors';
import type { Form } from './form';
import { list, newId, type List, type ObjectName, type StripeObject } from './objects';
import { Params } from './params';

/** What one API request answers: a status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Route = { method: 'GET' | 'POST' | 'DELETE'; path: RegExp; handle: (account: Account, form: Form, id: string) => StripeObject | List<StripeObject> };

const PAGING = ['limit', 'starting_after', 'ending_before'];
const METADATA = ['metadata'];

const retrieve =
  <N extends ObjectName>(object: N): Route['handle'] =>
  (account, form, id) => {
    new Params(form, []);
    return account.get(object, id);
  };

/**
 * The subset of Stripe's HTTP API (https://docs.stripe.com/api) a subscription-with-trial billing module calls:
 * products, prices, customers, checkout sessions, subscriptions, invoices and their payments, payment intents,
 * charges, refunds, customer portal sessions and events.
 */
const ROUTES: Route[] = [
  { method: 'POST', path: /^\/v1\/products$/, handle: (a, f) => {
      const p = new Params(f, ['id', 'name', 'description', 'active', ...METADATA]);
      return a.createProduct({ id: p.string('id'), name: p.requiredString('name'), description: p.string('description'), active: p.boolean('active'), metadata: p.metadata() });
    } },
  { method: 'GET', path: /^\/v1\/products$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'active', 'ids']);
      const active = p.boolean('active');
      const ids = p.strings('ids');
      return page(a.all('product').filter((o) => (active === undefined || o.active === active) && (!ids || ids.includes(o.id))), p, '/v1/products');
    } },
  { method: 'GET', path: /^\/v1\/products\/([^/]+)$/, handle: retrieve('product') },

  { method: 'POST', path: /^\/v1\/prices$/, handle: (a, f) => {
      const p = new Params(f, ['currency', 'unit_amount', 'product', 'product_data', 'recurring', 'lookup_key', 'transfer_lookup_key', 'nickname', 'active', ...METADATA]);
      const productData = p.nested('product_data', ['name', ...METADATA]);
      const recurring = p.nested('recurring', ['interval', 'interval_count']);
      if (productData && p.has('product')) throw invalid('product_data', 'You may only specify one of these parameters: product, product_data.');
      return a.createPrice({
        currency: p.requiredString('currency').toLowerCase(),
        unit_amount: p.required(p.integer('unit_amount'), 'unit_amount'),
        product: productData ? a.createProduct({ name: productData.requiredString('name'), metadata: productData.metadata() }).id : p.requiredString('product'),
        recurring: recurring && {
          interval: recurring.required(recurring.oneOf('interval', ['day', 'week', 'month', 'year'] as const), 'interval'),
          interval_count: recurring.integer('interval_count', 1, 365) ?? 1,
          meter: null,
          usage_type: 'licensed',
        },
        lookup_key: p.string('lookup_key'),
        transfer_lookup_key: p.boolean('transfer_lookup_key'),
        nickname: p.string('nickname'),
        active: p.boolean('active'),
        metadata: p.metadata(),
      });
    } },
  { method: 'GET', path: /^\/v1\/prices$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'active', 'lookup_keys', 'product', 'type', 'currency']);
      const [active, lookupKeys, product, type, currency] = [p.boolean('active'), p.strings('lookup_keys'), p.string('product'), p.oneOf('type', ['recurring', 'one_time'] as const), p.string('currency')];
      if (lookupKeys && lookupKeys.length > 10) throw invalid('lookup_keys', 'You may pass at most 10 lookup_keys.');
      const prices = a
        .all('price')
        .filter(
          (o) =>
            (active === undefined || o.active === active) &&
            (!lookupKeys || (o.lookup_key !== null && lookupKeys.includes(o.lookup_key))) &&
            (!product || o.product === product) &&
            (!type || o.type === type) &&
            (!currency || o.currency === currency.toLowerCase()),
        );
      return page(prices, p, '/v1/prices');
    } },
  { method: 'GET', path: /^\/v1\/prices\/([^/]+)$/, handle: retrieve('price') },

  { method: 'POST', path: /^\/v1\/customers$/, handle: (a, f) => {
      const p = new Params(f, ['email', 'name', 'description', 'phone', ...METADATA]);
      return a.createCustomer({ email: p.string('email'), name: p.string('name'), description: p.string('description'), phone: p.string('phone'), metadata: p.metadata() });
    } },
  { method: 'GET', path: /^\/v1\/customers$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'email']);
      const email = p.string('email');
      return page(a.all('customer').filter((o) => !email || o.email === email), p, '/v1/customers');
    } },
  { method: 'GET', path: /^\/v1\/customers\/([^/]+)$/, handle: retrieve('customer') },
  { method: 'POST', path: /^\/v1\/customers\/([^/]+)$/, handle: (a, f, id) => {
      const p = new Params(f, ['email', 'name', 'description', 'phone', ...METADATA]);
      return a.updateCustomer(id, { email: p.nullableString('email'), name: p.nullableString('name'), description: p.nullableString('description'), phone: p.nullableString('phone'), metadata: p.metadata() });
    } },

  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: (a, f) => {
      const p = new Params(f, [
        'mode', 'customer', 'customer_email', 'client_reference_id', 'line_items', 'subscription_data', 'success_url', 'cancel_url',
        'locale', 'allow_promotion_codes', 'billing_address_collection', 'payment_method_types', ...METADATA,
      ]);
      if (p.requiredString('mode') !== 'subscription') throw invalid('mode', 'The Stripe stand-in supports only mode=subscription.');
      const items = p.list('line_items', ['price', 'quantity']);
      if (!items?.length) throw missing('line_items');
      const subscriptionData = p.nested('subscription_data', ['trial_period_days', ...METADATA]);
      return a.createCheckoutSession({
        customer: p.string('customer'),
        customer_email: p.string('customer_email'),
        client_reference_id: p.string('client_reference_id'),
        line_items: items.map((item) => ({ price: item.requiredString('price'), quantity: item.integer('quantity', 1, 999_999) ?? 1 })),
        trial_period_days: subscriptionData?.integer('trial_period_days', 1, 730),
        subscription_metadata: subscriptionData?.metadata(),
        metadata: p.metadata(),
        success_url: p.requiredString('success_url'),
        cancel_url: p.string('cancel_url'),
        locale: p.string('locale'),
        allow_promotion_codes: p.boolean('allow_promotion_codes'),
        billing_address_collection: p.oneOf('billing_address_collection', ['auto', 'required'] as const),
        payment_method_types: p.strings('payment_method_types'),
      });
    } },
  { method: 'GET', path: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: retrieve('checkout.session') },

  { method: 'GET', path: /^\/v1\/subscriptions$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'customer', 'status', 'price']);
      const [customer, price] = [p.string('customer'), p.string('price')];
      const status = p.oneOf('status', ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'] as const);
      // Without a status Stripe lists the subscriptions that have not ended.
      const shown = (s: string) => (status === 'all' ? true : status === undefined ? s !== 'canceled' : status === 'ended' ? s === 'canceled' : s === status);
      const subscriptions = a
        .all('subscription')
        .filter((o) => (!customer || o.customer === customer) && (!price || o.items.data.some((i) => i.price.id === price)) && shown(o.status));
      return page(subscriptions, p, '/v1/subscriptions');
    } },
  { method: 'GET', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: retrieve('subscription') },
  { method: 'POST', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (a, f, id) => {
      const p = new Params(f, ['cancel_at_period_end', 'proration_behavior', ...METADATA]);
      return a.updateSubscription(id, { cancel_at_period_end: p.boolean('cancel_at_period_end'), metadata: p.metadata() });
    } },
  { method: 'DELETE', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (a, f, id) => {
      new Params(f, ['invoice_now', 'prorate']);
      return a.cancelSubscription(id);
    } },

  { method: 'GET', path: /^\/v1\/invoices$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'customer', 'subscription', 'status']);
      const [customer, subscription] = [p.string('customer'), p.string('subscription')];
      const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
      const invoices = a
        .all('invoice')
        .filter((o) => (!customer || o.customer === customer) && (!subscription || o.parent?.subscription_details?.subscription === subscription) && (!status || o.status === status));
      return page(invoices, p, '/v1/invoices');
    } },
  { method: 'GET', path: /^\/v1\/invoices\/([^/]+)$/, handle: retrieve('invoice') },
  { method: 'POST', path: /^\/v1\/invoices\/([^/]+)\/pay$/, handle: (a, f, id) => {
      new Params(f, []);
      return a.payInvoice(id);
    } },
  { method: 'GET', path: /^\/v1\/invoice_payments$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'invoice']);
      const invoice = p.string('invoice');
      return page(a.all('invoice_payment').filter((o) => !invoice || o.invoice === invoice), p, '/v1/invoice_payments');
    } },
  { method: 'GET', path: /^\/v1\/invoice_payments\/([^/]+)$/, handle: retrieve('invoice_payment') },
  { method: 'GET', path: /^\/v1\/payment_intents\/([^/]+)$/, handle: retrieve('payment_intent') },
  { method: 'GET', path: /^\/v1\/charges$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'customer', 'payment_intent']);
      const [customer, intent] = [p.string('customer'), p.string('payment_intent')];
      return page(a.all('charge').filter((o) => (!customer || o.customer === customer) && (!intent || o.payment_intent === intent)), p, '/v1/charges');
    } },
  { method: 'GET', path: /^\/v1\/charges\/([^/]+)$/, handle: retrieve('charge') },

  { method: 'POST', path: /^\/v1\/refunds$/, handle: (a, f) => {
      const p = new Params(f, ['charge', 'payment_intent', 'amount', 'reason', ...METADATA]);
      return a.createRefund({
        charge: p.string('charge'),
        payment_intent: p.string('payment_intent'),
        amount: p.integer('amount', 1),
        reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const),
        metadata: p.metadata(),
      });
    } },
  { method: 'GET', path: /^\/v1\/refunds$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'charge', 'payment_intent']);
      const [charge, intent] = [p.string('charge'), p.string('payment_intent')];
      return page(a.all('refund').filter((o) => (!charge || o.charge === charge) && (!intent || o.payment_intent === intent)), p, '/v1/refunds');
    } },
  { method: 'GET', path: /^\/v1\/refunds\/([^/]+)$/, handle: retrieve('refund') },

  { method: 'POST', path: /^\/v1\/billing_portal\/sessions$/, handle: (a, f) => {
      const p = new Params(f, ['customer', 'return_url', 'locale']);
      return a.createPortalSession({ customer: p.requiredString('customer'), return_url: p.string('return_url'), locale: p.string('locale') });
    } },

  { method: 'GET', path: /^\/v1\/events$/, handle: (a, f) => {
      const p = new Params(f, [...PAGING, 'type', 'types']);
      const [type, types] = [p.string('type'), p.strings('types')];
      const matches = (t: string) => (!type || new RegExp(`^${type.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(t)) && (!types || types.includes(t));
      return page(a.all('event').filter((o) => matches(o.type)), p, '/v1/events');
    } },
  { method: 'GET', path: /^\/v1\/events\/([^/]+)$/, handle: retrieve('event') },
];

/** Stripe's cursor pagination: newest first, `limit` (10, at most 100), `starting_after` / `ending_before` an id. */
function page<T extends StripeObject>(items: T[], p: Params, url: string): List<T> {
  const limit = p.integer('limit', 1, 100) ?? 10;
  const cursor = (param: string) => {
    const id = p.string(param);
    if (id === undefined) return undefined;
    const at = items.findIndex((o) => o.id === id);
    if (at < 0) throw invalid(param, `No such object in this list: '${id}'`, 'resource_missing');
    return at;
  };
  const after = cursor('starting_after');
  const before = cursor('ending_before');
  const from = after === undefined ? (before === undefined ? 0 : Math.max(0, before - limit)) : after + 1;
  const to = before === undefined ? from + limit : before;
  return list(items.slice(from, to), url, before === undefined ? to < items.length : from > 0);
}

type Idempotent = { fingerprint: string; answer: Answer; at: number };

/** Answers `/v1/...` requests the way api.stripe.com does, for test-mode secret keys. */
export class StripeApi {
  /** Stripe keeps an idempotent request's answer for 24 hours. */
  private readonly idempotent = new Map<string, Idempotent>();

  constructor(private readonly account: Account) {}

  handle(method: string, path: string, form: Form, headers: Record<string, string | string[] | undefined>, rawBody: string): Answer {
    const requestId = newId('req', 14);
    const common = { 'Request-Id': requestId, 'Stripe-Version': header(headers, 'stripe-version') ?? API_VERSION };
    const key = apiKey(header(headers, 'authorization'));
    if (!key.ok) return { status: 401, body: { error: { type: 'invalid_request_error', message: key.message } }, headers: common };
    const idempotencyKey = method === 'POST' ? header(headers, 'idempotency-key') : undefined;
    const scope = `${key.value}\n${idempotencyKey}`;
    const fingerprint = `${method} ${path}\n${rawBody}`;
    const now = Date.now();
    for (const [k, v] of this.idempotent) if (now - v.at > 86_400_000) this.idempotent.delete(k);
    const previous = idempotencyKey ? this.idempotent.get(scope) : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return { status: 400, body: new StripeError(400, 'idempotency_error', message).body, headers: common };
      }
      return { ...previous.answer, headers: { ...previous.answer.headers, ...common, 'Idempotent-Replayed': 'true' } };
    }
    const answer = this.answer(method, path, form, { id: requestId, idempotency_key: idempotencyKey ?? null });
    answer.headers = { ...common, ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }) };
    if (idempotencyKey && answer.status < 500) this.idempotent.set(scope, { fingerprint, answer, at: now });
    return answer;
  }

  private answer(method: string, path: string, form: Form, request: { id: string; idempotency_key: string | null }): Answer {
    try {
      for (const route of ROUTES) {
        const match = route.method === method && route.path.exec(path);
        if (!match) continue;
        const { expand, ...rest } = form;
        const result = this.account.during(request, () => route.handle(this.account, rest, decodeURIComponent(match[1] ?? '')));
        return { status: 200, body: this.view(result, expand === undefined ? [] : new Params({ expand }, ['expand']).strings('expand')!) };
      }
      const message = `Unrecognized request URL (${method}: ${path}). The Stripe stand-in answers only the part of Stripe's API the billing module uses; see docs/billing.md.`;
      return { status: 404, body: { error: { type: 'invalid_request_error', message } } };
    } catch (error) {
      if (error instanceof StripeError) return { status: error.status, body: error.body };
      throw error;
    }
  }

  /** The answer's JSON: a copy of the object (or list), with the `expand[]` paths replaced by the objects they name. */
  private view(result: StripeObject | List<StripeObject>, expand: string[]): unknown {
    const rendered = result.object === 'list' ? { ...result, data: result.data.map((o) => this.account.render(o)) } : this.account.render(result);
    return expand.reduce((value, path) => this.expand(value, path.split('.'), path), rendered as unknown);
  }

  private expand(value: unknown, path: string[], whole: string): unknown {
    if (path.length === 0 || value === null || typeof value !== 'object') return value;
    const [field, ...rest] = path;
    const node = value as Record<string, unknown>;
    if (node.object === 'list' && field === 'data') return { ...node, data: (node.data as unknown[]).map((item) => this.expand(item, rest, whole)) };
    const current = node[field] === undefined ? this.includable(node, field) : node[field];
    const target = typeof current === 'string' ? this.account.find(current) : undefined;
    if (current === undefined || (typeof current === 'string' && !target)) throw invalid('expand', `This property cannot be expanded (${whole}).`);
    return { ...node, [field]: this.expand(target ? this.account.render(target) : current, rest, whole) };
  }

  /** Fields Stripe leaves out unless asked for with `expand[]`. */
  private includable(node: Record<string, unknown>, field: string): unknown {
    if (node.object === 'checkout.session' && field === 'line_items') return this.account.get('checkout.session', node.id as string).line_items;
    if (node.object === 'invoice' && field === 'payments') {
      return list(this.account.all('invoice_payment').filter((p) => p.invoice === node.id), `/v1/invoice_payments?invoice=${node.id}`);
    }
    return undefined;
  }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A test-mode secret (or restricted) key, as Bearer or as the user of Basic auth; a live key is never accepted. */
function apiKey(authorization: string | undefined): { ok: true; value: string } | { ok: false; message: string } {
  const [scheme, credentials = ''] = (authorization ?? '').split(' ');
  const value = scheme === 'Bearer' ? credentials : scheme === 'Basic' ? Buffer.from(credentials, 'base64').toString().split(':')[0] : '';
  if (!value) return { ok: false, message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').' };
  if (!/^(sk|rk)_test_\w+$/.test(value)) return { ok: false, message: `Invalid API Key provided: ${value.slice(0, 8)}****. The Stripe stand-in accepts only test-mode secret keys (sk_test_...).` };
  return { ok: true, value };
}
