/** An answer in Stripe's error shape: `{ error: { type, code, message, param } }` with Stripe's HTTP status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get body(): { error: Record<string, unknown> } {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param, ...this.extra } };
  }
}

export const invalid = (param: string, message: string, code = 'parameter_invalid') => new StripeError(400, 'invalid_request_error', message, code, param);

export const missing = (param: string) => new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const cardDeclined = (charge?: string) =>
  new StripeError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, { decline_code: 'generic_decline', ...(charge && { charge }) });
