import { createHmac } from 'node:crypto';
import type { Event } from './objects';

/** Stripe's `Stripe-Signature` header: `t=<unix time>,v1=<HMAC-SHA256 of "t.payload" keyed by the endpoint secret>` (https://docs.stripe.com/webhooks#verify-manually). */
export function signature(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}

export interface WebhookOptions {
  /** The endpoint every event is POSTed to; null sends none (events stay listable on `GET /v1/events`). */
  url: string | null;
  secret: string;
  /** Waits before each retry of a failed delivery; after the last, the event is given up on. */
  retryDelaysMs: number[];
  log: (line: string) => void;
}

export interface Delivery {
  state: 'pending' | 'delivered' | 'failed';
  attempts: { at: Date; outcome: string }[];
}

/**
 * Delivers each event on its own, as Stripe does: a signed POST, retried with growing waits while the endpoint
 * answers anything but 2xx (or does not answer in 10 seconds). Events may therefore arrive out of order.
 */
export class WebhookSender {
  readonly deliveries = new Map<string, Delivery>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: WebhookOptions,
    private readonly onChange: () => void,
  ) {}

  get url(): string | null {
    return this.options.url;
  }

  send(event: Event): void {
    if (!this.options.url || this.closed) return;
    event.pending_webhooks = 1;
    this.deliveries.set(event.id, { state: 'pending', attempts: [] });
    this.attempt(event, 0);
  }

  private attempt(event: Event, retry: number): void {
    const delivery = this.deliveries.get(event.id)!;
    const payload = JSON.stringify(event, null, 2);
    const sent = fetch(this.options.url!, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': signature(payload, this.options.secret, Math.floor(Date.now() / 1000)),
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.ok ? null : `HTTP ${response.status}`;
      })
      .catch((error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message)
      .then((failure) => {
        delivery.attempts.push({ at: new Date(), outcome: failure ?? 'delivered' });
        if (!failure) {
          delivery.state = 'delivered';
          event.pending_webhooks = 0;
          this.onChange();
          return;
        }
        const wait = this.options.retryDelaysMs[retry];
        if (wait === undefined || this.closed) {
          delivery.state = 'failed';
          this.options.log(`[stripe] ${event.id} ${event.type}: ${failure}; gave up after ${retry + 1} tries`);
          return;
        }
        this.options.log(`[stripe] ${event.id} ${event.type}: ${failure}; next try in ${wait / 1000}s`);
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.attempt(event, retry + 1);
        }, wait);
        this.timers.add(timer);
      });
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }

  /** Stops retrying and waits for the deliveries under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.all(this.inFlight);
  }
}
