import { Injectable, Logger, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { BillingClock } from './billing.clock';
import { BillingModule } from './billing.module';
import { TrialReminders } from './trial-reminders';
import { UnpaidGrace } from './unpaid-grace';

/** How often the stand-in's clock is read: a moved clock shows within this. */
const POLL_MS = 1000;
/** The billing jobs run at once after a move forward of at least this (a smaller one waits for their schedule). */
const MOVE_MS = 60_000;

/**
 * Development only (`make start`): the Stripe stand-in (STRIPE_API_URL) has a clock one can move forward to end a
 * trial; the API's billing clock follows it, so what the API decides by time (the trial reminder, the refund window,
 * the unpaid grace period) happens at the time the stand-in shows. After a move, the billing jobs run at once rather
 * than at their next scheduled time, so the reminder mail shows as soon as the clock passes its day. Never in
 * production (AppModule leaves this out, and production refuses a STRIPE_API_URL on this machine); in tests the
 * tests move the clocks themselves. The billing module knows nothing of this: it only has a clock that can be moved.
 */
export const followsStandInClock = (config: AppConfig): boolean => config.nodeEnv === 'development' && config.stripe.api !== null && config.stripe.secretKey !== null;

@Injectable()
export class StandInClockFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StandInClockFollower.name);
  private timer: NodeJS.Timeout | null = null;
  private offsetMs = 0;
  private polling = false;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly clock: BillingClock,
    private readonly reminders: TrialReminders,
    private readonly grace: UnpaidGrace,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
    void this.poll();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the stand-in's clock and follows it; true when it had moved. */
  async poll(): Promise<boolean> {
    if (this.polling || !this.config.stripe.api) return false;
    this.polling = true;
    try {
      const { protocol, host, port } = this.config.stripe.api;
      const res = await fetch(`${protocol}://${host}:${port}/_stand-in/clock`, { signal: AbortSignal.timeout(2000) });
      const body = (await res.json().catch(() => null)) as { offset_seconds?: unknown } | null;
      if (!res.ok || typeof body?.offset_seconds !== 'number') {
        this.logger.warn(`STRIPE_API_URL answers no stand-in clock (${res.status}): the billing clock stays the machine's`);
        this.onModuleDestroy();
        return false;
      }
      const offsetMs = body.offset_seconds * 1000;
      if (offsetMs === this.offsetMs) return false;
      const jumped = offsetMs - this.offsetMs >= MOVE_MS;
      this.offsetMs = offsetMs;
      this.clock.travelTo(new Date(Date.now() + offsetMs));
      if (!jumped) return false;
      this.logger.log(`Billing clock follows the Stripe stand-in: ${this.clock.now().toISOString()}`);
      await this.reminders.tick();
      await this.grace.tick();
      return true;
    } catch {
      // The stand-in is starting or stopped: the clock stays where it was, the next poll tries again.
      return false;
    } finally {
      this.polling = false;
    }
  }
}

@Module({ imports: [BillingModule], providers: [StandInClockFollower] })
export class StandInClockModule {}
