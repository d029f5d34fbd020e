import { Injectable } from '@nestjs/common';

/**
 * The billing module's "now" (refund window, trial reminders, when a subscription ended). One provider, so tests can
 * travel in time together with the Stripe stand-in's clock; in production it is the machine's clock.
 */
@Injectable()
export class BillingClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this clock so that now() answers `to` (tests). */
  travelTo(to: Date): void {
    this.offsetMs = to.getTime() - Date.now();
  }
}
