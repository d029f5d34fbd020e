import type { Account } from './account';
import { spaced, TEST_CARDS } from './cards';
import { StripeError } from './errors';
import type { Form } from './form';
import type { CheckoutSession, Price, Subscription } from './objects';
import type { WebhookSender } from './webhooks';

/** A page the stand-in answers in place of checkout.stripe.com, billing.stripe.com or the dashboard. */
export interface Page {
  status: number;
  html?: string;
  redirect?: string;
}

const esc = (s: unknown) => String(s ?? '').replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) => new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
const day = (unix: number | null) => (unix === null ? '' : new Date(unix * 1000).toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
const moment = (unix: number) => new Date(unix * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
const every = (price: Price) => {
  const { interval, interval_count: n } = price.recurring!;
  return n === 1 ? `per ${interval}` : `every ${n} ${interval}s`;
};

const successUrl = (session: CheckoutSession) => session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Stripe stand-in</title>
<style>
body{font-family:system-ui,sans-serif;max-width:42rem;margin:1.5rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
.banner{background:#fff4d6;border:1px solid #c98b00;padding:.4rem .8rem;border-radius:.3rem}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;padding:.45rem;width:100%;box-sizing:border-box;border:1px solid #666;border-radius:.3rem}
input[aria-invalid=true]{border:2px solid #b00020}.error{color:#b00020;margin:.2rem 0}.hint{color:#444;margin:.2rem 0}
button{font:inherit;font-weight:600;padding:.6rem 1.2rem;margin-top:1.2rem;border:0;border-radius:.3rem;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a1a;border:1px solid #666}:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem;border-bottom:1px solid #ccc;vertical-align:top}dt{font-weight:600}dd{margin:0 0 .5rem}
.alert{border:2px solid #b00020;padding:.5rem 1rem;border-radius:.3rem}.status{border:2px solid #1a7f37;padding:.5rem 1rem;border-radius:.3rem}
</style></head><body><main>
<p class="banner">Stripe stand-in, test mode: no real card is charged and nothing leaves this machine.</p>
${body}
</main></body></html>`;
}

type CheckoutFields = { email: string; card_number: string; card_expiry: string; card_cvc: string; cardholder_name: string };

/** The card that succeeds is filled in, so one press on the button starts a trial. */
const PREFILLED: CheckoutFields = { email: '', card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: '' };

/** What a browser sees: the hosted checkout, the customer portal, and a dashboard with the clock. */
export class Pages {
  constructor(
    private readonly account: Account,
    private readonly webhooks: WebhookSender,
  ) {}

  checkout(id: string): Page {
    const session = this.account.find(id);
    if (session?.object !== 'checkout.session') return { status: 404, html: layout('Not found', '<h1>No such checkout session</h1>') };
    return this.checkoutForm(session, PREFILLED, {});
  }

  /** The form's "Start trial"/"Subscribe": checks the fields as Stripe's form does, then completes the session. */
  pay(id: string, form: Form): Page {
    const session = this.account.find(id);
    if (session?.object !== 'checkout.session') return { status: 404, html: layout('Not found', '<h1>No such checkout session</h1>') };
    // A second press of the button (or the back button) after completion goes where the first went.
    if (session.status !== 'open') return { status: 303, redirect: session.status === 'complete' ? successUrl(session) : `/checkout/${id}` };
    const fields = Object.fromEntries(
      (['email', 'card_number', 'card_expiry', 'card_cvc', 'cardholder_name'] as const).map((k) => [k, typeof form[k] === 'string' ? (form[k] as string).trim() : '']),
    ) as CheckoutFields;
    const email = this.customerEmail(session) ?? fields.email;
    const number = fields.card_number.replace(/[\s-]/g, '');
    const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.card_expiry);
    const [month, year] = expiry ? [Number(expiry[1]), Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2])] : [0, 0];
    const today = new Date(this.account.now() * 1000);
    const errors: Partial<Record<keyof CheckoutFields, string>> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Enter an email address, like name@example.ie.';
    if (!TEST_CARDS[number]) errors.card_number = 'Use one of Stripe’s test cards, such as 4242 4242 4242 4242.';
    if (!expiry || month < 1 || month > 12) errors.card_expiry = 'Enter the expiry date as MM / YY.';
    else if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) errors.card_expiry = 'Your card’s expiry date is in the past.';
    if (!/^\d{3,4}$/.test(fields.card_cvc)) errors.card_cvc = 'Enter the 3 digits on the back of the card.';
    if (!fields.cardholder_name) errors.cardholder_name = 'Enter the name on the card.';
    if (Object.keys(errors).length > 0) return this.checkoutForm(session, fields, errors, 400);
    try {
      this.account.completeCheckout(id, { number, exp_month: month, exp_year: year, email, name: fields.cardholder_name });
      return { status: 303, redirect: successUrl(session) };
    } catch (error) {
      if (error instanceof StripeError && error.type === 'card_error') return this.checkoutForm(session, fields, { card_number: error.message }, 402);
      throw error;
    }
  }

  /** The email the session already knows (its customer's, or `customer_email`): shown, not asked for, as Stripe does. */
  private customerEmail(session: CheckoutSession): string | null {
    return session.customer ? this.account.get('customer', session.customer).email : session.customer_email;
  }

  private checkoutForm(session: CheckoutSession, fields: CheckoutFields, errors: Partial<Record<keyof CheckoutFields, string>>, status = 200): Page {
    if (session.status === 'complete') {
      return { status: 200, html: layout('Payment complete', `<h1>You are subscribed</h1><p><a href="${esc(successUrl(session))}">Continue</a></p>`) };
    }
    if (session.status !== 'open') {
      const back = session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Go back</a></p>` : '';
      return { status: 410, html: layout('Checkout expired', `<h1>This checkout has expired</h1>${back}`) };
    }
    const trialDays = this.account.state.subscriptionData[session.id].trial_period_days;
    const items = session.line_items.data;
    const plan = items.map((i) => `${esc(i.description)}: ${money(i.price.unit_amount * (i.quantity ?? 1), i.currency)} ${every(i.price)}`).join('<br>');
    const firstPayment = trialDays ? day(this.account.now() + trialDays * 86_400) : null;
    const labels: Record<keyof CheckoutFields, string> = { email: 'Email', card_number: 'Card number', card_expiry: 'Expiry date (MM / YY)', card_cvc: 'Security code (CVC)', cardholder_name: 'Name on card' };
    const summary = Object.entries(errors)
      .map(([k, message]) => `<li><a href="#${k}">${esc(message)}</a></li>`)
      .join('');
    const customerEmail = this.customerEmail(session);
    const field = (name: keyof CheckoutFields, attributes: string, hint = '') => {
      const described = [hint && `${name}-hint`, errors[name] && `${name}-error`].filter(Boolean).join(' ');
      return `<label for="${name}">${labels[name]}</label>${hint ? `<p class="hint" id="${name}-hint">${hint}</p>` : ''}${errors[name] ? `<p class="error" id="${name}-error">${esc(errors[name])}</p>` : ''}
<input id="${name}" name="${name}" value="${esc(fields[name])}" ${attributes}${described ? ` aria-describedby="${described}"` : ''}${errors[name] ? ' aria-invalid="true"' : ''}>`;
    };
    const cards = Object.entries(TEST_CARDS)
      .map(([number, card]) => `${spaced(number)} ${card.says}`)
      .join('; ');
    const html = layout(
      trialDays ? 'Start your free trial' : 'Subscribe',
      `<h1>${trialDays ? `Start your ${trialDays}-day free trial` : 'Subscribe'}</h1>
<section aria-labelledby="order"><h2 id="order">Your plan</h2><dl>
<dt>Plan</dt><dd>${plan}</dd>
${trialDays ? `<dt>Free trial</dt><dd>${trialDays} days; the first payment is taken on ${firstPayment} unless you cancel before then</dd>` : ''}
<dt>Due today</dt><dd>${money(session.amount_total ?? 0, session.currency!)}</dd></dl></section>
${summary ? `<div class="alert" role="alert" tabindex="-1" id="problems"><h2>There is a problem</h2><ul>${summary}</ul></div>` : ''}
<form method="post" action="/checkout/${esc(session.id)}" novalidate>
${customerEmail ? `<p><strong>Email:</strong> ${esc(customerEmail)}</p>` : field('email', 'type="email" autocomplete="email" required')}
${field('card_number', 'inputmode="numeric" autocomplete="cc-number" required', `Test cards: ${cards}.`)}
${field('card_expiry', 'autocomplete="cc-exp" required')}
${field('card_cvc', 'inputmode="numeric" autocomplete="cc-csc" required')}
${field('cardholder_name', 'autocomplete="cc-name" required')}
<button type="submit">${trialDays ? 'Start trial' : 'Subscribe'}</button>
</form>
${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Cancel and go back</a></p>` : ''}`,
    );
    return { status, html };
  }

  portal(id: string, done?: string): Page {
    const session = this.account.find(id);
    if (session?.object !== 'billing_portal.session') return { status: 404, html: layout('Not found', '<h1>No such portal session</h1>') };
    const customer = this.account.get('customer', session.customer);
    const subscriptions = this.account.all('subscription').filter((s) => s.customer === customer.id && s.status !== 'canceled');
    const invoices = this.account.all('invoice').filter((i) => i.customer === customer.id);
    const notice = done === 'cancelled' ? 'Your subscription will end at the end of the current period.' : done === 'renewed' ? 'Your subscription will continue.' : '';
    const html = layout(
      'Manage your subscription',
      `<h1>Manage your subscription</h1><p>${esc(customer.email)}</p>
${notice ? `<p class="status" role="status">${notice}</p>` : ''}
<h2>Current subscription</h2>
${subscriptions.map((s) => this.portalSubscription(id, s)).join('') || '<p>You have no current subscription.</p>'}
<h2>Invoices</h2>
${
  invoices.length
    ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Number</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${invoices
        .map((i) => `<tr><td>${day(i.created)}</td><td>${esc(i.number)}</td><td>${money(i.total, i.currency)}</td><td>${esc(i.status)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>No invoices yet.</p>'
}
${session.return_url ? `<p><a href="${esc(session.return_url)}">Return to the site</a></p>` : ''}`,
    );
    return { status: 200, html };
  }

  private portalSubscription(portal: string, s: Subscription): string {
    const item = s.items.data[0];
    const end = day(item.current_period_end);
    const state = s.cancel_at_period_end
      ? `Cancelled: ends on ${end}${s.status === 'trialing' ? ' (no payment will be taken)' : ''}`
      : s.status === 'trialing'
        ? `Free trial until ${end}; then ${money(item.price.unit_amount, item.price.currency)} ${every(item.price)}`
        : s.status === 'past_due'
          ? `Payment failed: unless the open invoice is paid, the subscription ends on ${end}`
          : `Renews on ${end}`;
    const action = s.cancel_at_period_end ? ['renew', 'Renew subscription'] : ['cancel', 'Cancel subscription'];
    return `<section aria-label="${esc(this.account.get('product', item.price.product).name)}"><p><strong>${esc(this.account.get('product', item.price.product).name)}</strong>, ${money(item.price.unit_amount, item.price.currency)} ${every(item.price)}</p><p>${state}</p>
<form method="post" action="/portal/${esc(portal)}"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit" name="action" value="${action[0]}"${action[0] === 'cancel' ? ' class="secondary"' : ''}>${action[1]}</button></form></section>`;
  }

  /** The portal's cancel (at the end of the period, as the portal does by default) and renew buttons. */
  portalAction(id: string, form: Form): Page {
    const session = this.account.find(id);
    if (session?.object !== 'billing_portal.session') return { status: 404, html: layout('Not found', '<h1>No such portal session</h1>') };
    const subscription = this.account.find(String(form.subscription));
    if (subscription?.object !== 'subscription' || subscription.customer !== session.customer || (form.action !== 'cancel' && form.action !== 'renew')) {
      return { status: 400, html: layout('Not possible', '<h1>That subscription cannot be changed here</h1>') };
    }
    this.account.updateSubscription(subscription.id, { cancel_at_period_end: form.action === 'cancel', metadata: undefined });
    return { status: 303, redirect: `/portal/${id}?done=${form.action === 'cancel' ? 'cancelled' : 'renewed'}` };
  }

  /** The stand-in's own page: its clock with a form to move it, the subscriptions and the latest events with their delivery. */
  dashboard(): Page {
    const now = this.account.now();
    const ahead = Math.round(this.account.state.clockOffset / 86_400);
    const subscriptions = this.account.all('subscription');
    const events = this.account.all('event').slice(0, 30);
    const html = layout(
      'Dashboard',
      `<h1>Stripe stand-in</h1>
<p>Clock: <strong>${moment(now)}</strong>${ahead ? ` (${ahead} days ahead of real time)` : ''}. Webhooks go to <code>${esc(this.webhooks.url ?? 'nowhere (none configured)')}</code>.</p>
<form method="post" action="/_stand-in/clock/advance"><label for="days">Advance the clock by (days)</label><input id="days" name="days" type="number" min="0" step="any" value="1" required><button type="submit">Advance</button></form>
<h2>Subscriptions</h2>
${
  subscriptions.length
    ? `<table><thead><tr><th scope="col">Customer</th><th scope="col">Status</th><th scope="col">Period ends</th><th scope="col">Move the clock</th></tr></thead><tbody>${subscriptions
        .map((s) => {
          const end = s.items.data[0].current_period_end;
          const customer = this.account.get('customer', s.customer);
          const button =
            s.status === 'canceled'
              ? ''
              : `<form method="post" action="/_stand-in/clock/advance"><input type="hidden" name="to" value="${end + 60}"><button type="submit" class="secondary" aria-label="Advance to the end of the period of ${esc(customer.email)}">To the end of this period</button></form>`;
          return `<tr><td>${esc(customer.email)}<br><code>${esc(s.id)}</code></td><td>${esc(s.status)}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</td><td>${moment(end)}</td><td>${button}</td></tr>`;
        })
        .join('')}</tbody></table>`
    : '<p>None yet: start a trial on the site.</p>'
}
<h2>Latest events</h2>
${
  events.length
    ? `<table><thead><tr><th scope="col">Event</th><th scope="col">Created</th><th scope="col">Delivery</th></tr></thead><tbody>${events
        .map((e) => {
          const delivery = this.webhooks.deliveries.get(e.id);
          const last = delivery?.attempts.at(-1)?.outcome;
          return `<tr><td>${esc(e.type)}<br><code>${esc(e.id)}</code></td><td>${moment(e.created)}</td><td>${delivery ? `${delivery.state}${last && last !== 'delivered' ? `: ${esc(last)}` : ''}` : 'not sent'}</td></tr>`;
        })
        .join('')}</tbody></table>`
    : '<p>No events yet.</p>'
}`,
    );
    return { status: 200, html };
  }
}
