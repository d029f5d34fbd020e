import { PLAN_TERMS } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { DAY_MS } from './billing-state';
import { BillingJob } from './billing-job';
import { billingMail } from './billing.messages';
import type { SubscriptionEntity } from './subscription.entity';

const JOB = 'unpaid-grace';
/** The warning comes at least this long before the listings go (a grace period found late is lengthened). */
const NOTICE_MS = 2 * DAY_MS;

/**
 * A subscription that stops being paid (past_due, unpaid, paused, incomplete) cannot publish any more, but its listings
 * stay in the directory for PLAN_TERMS.unpaidGraceDays days (subscriptions.grace_ends_at, set by the webhook that saw
 * it, cleared when it is paid again). This job, on the billing schedule (TRIAL_REMINDERS_CRON), first emails the lister
 * when the listings will go, then, once that time has passed and it is still unpaid, turns them into drafts and says so.
 * One API process runs it at a time (a lease in job_locks); and each step is a conditional update written in the same
 * transaction as its outbox row (and the unpublishing), so even two runs at once warn once and unpublish once.
 */
@Injectable()
export class UnpaidGrace extends BillingJob<{ warned: number; unpublished: number }> {
  protected readonly job = JOB;
  protected readonly title = 'Unpaid grace periods';

  /** Under the job's lease: what this process did (nothing when another process holds the job). */
  async run(): Promise<{ warned: number; unpublished: number }> {
    const now = this.clock.now();
    return this.leases.underLease(JOB, this.holder, now, { warned: 0, unpublished: 0 }, () => this.sweep(now));
  }

  /** The warnings and the ends that are due at `now`; safe to run twice at once (a lease that ran out mid-run). */
  async sweep(now: Date): Promise<{ warned: number; unpublished: number }> {
    let warned = 0;
    let unpublished = 0;
    for (const s of await this.repo.dueGraceNotices()) if (await this.warn(s, now)) warned++;
    for (const s of await this.repo.dueGraceEnds(now)) if (await this.end(s, now)) unpublished++;
    return { warned, unpublished };
  }

  private async warn(s: SubscriptionEntity, now: Date): Promise<boolean> {
    const endsAt = new Date(Math.max(s.graceEndsAt!.getTime(), now.getTime() + NOTICE_MS));
    const queued = await this.repo.transaction(async (m) => {
      if (!(await this.repo.markGraceNotice(m, s.id, now, endsAt))) return null;
      // Free for life or another subscription keeps the listings: marked, nothing to say.
      if (await this.repo.keepsPublishing(m, s.userId, s.id)) return null;
      const user = await this.repo.user(s.userId, m);
      return user ? this.mail.queueIn(m, { to: user.email, ...billingMail.graceNotice(this.config, user.firstName, endsAt) }) : null;
    });
    if (queued === null) return false;
    this.mail.deliverSoon([queued]);
    return true;
  }

  private async end(s: SubscriptionEntity, now: Date): Promise<boolean> {
    const queued = await this.repo.transaction(async (m) => {
      if (!(await this.repo.markGraceUnpublished(m, s.id, now))) return null;
      if (await this.repo.keepsPublishing(m, s.userId, s.id)) return null;
      await this.repo.unpublishListings(m, s.userId);
      const user = await this.repo.user(s.userId, m);
      return user ? this.mail.queueIn(m, { to: user.email, ...billingMail.graceEnded(this.config, user.firstName) }) : null;
    });
    if (queued === null) return false;
    this.mail.deliverSoon([queued]);
    this.logger.log(`Subscription ${s.stripeSubscriptionId} unpaid for ${PLAN_TERMS.unpaidGraceDays} days: listings of user ${s.userId} unpublished`);
    return true;
  }
}
