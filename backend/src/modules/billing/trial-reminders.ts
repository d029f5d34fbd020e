import { PLAN_TERMS } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { BillingJob } from './billing-job';
import { billingMail } from './billing.messages';

const JOB = 'trial-reminders';

/**
 * Hourly (TRIAL_REMINDERS_CRON): each trialing subscriber whose trial ends within PLAN_TERMS.reminderDaysBefore days
 * and who has not cancelled gets one reminder. One API process runs it at a time (a leased row in job_locks, which works on MySQL and SQLite);
 * and the reminder mark is written in the same transaction as the outbox row by a conditional update, so even two
 * runs at once (a lease that ran out mid-run) send each reminder once.
 */
@Injectable()
export class TrialReminders extends BillingJob<number> {
  protected readonly job = JOB;
  protected readonly title = 'Trial reminders';

  /** Sends the reminders that are due; the number this process sent (0 when another process holds the job). */
  async run(): Promise<number> {
    const now = this.clock.now();
    return this.leases.underLease(JOB, this.holder, now, 0, async () => {
      let sent = 0;
      const until = new Date(now.getTime() + PLAN_TERMS.reminderDaysBefore * 86_400_000);
      for (const s of await this.repo.dueForReminder(now, until)) {
        const queued = await this.repo.transaction(async (m) => {
          if (!(await this.repo.markReminded(m, s.id, now))) return null;
          const user = await this.repo.user(s.userId, m);
          return user ? this.mail.queueIn(m, { to: user.email, ...billingMail.trialReminder(this.config, user.firstName, s) }) : null;
        });
        if (queued !== null) {
          this.mail.deliverSoon([queued]);
          sent++;
        }
      }
      return sent;
    });
  }
}
