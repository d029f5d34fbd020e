import { PLAN_TERMS } from '@directory/domain';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { JobLeases } from '../../database/job-leases';
import { MailService } from '../../infra/mail/mail.service';
import { BillingClock } from './billing.clock';
import { billingMail } from './billing.messages';
import { BillingRepository } from './billing.repository';

const JOB = 'trial-reminders';

/**
 * Hourly (TRIAL_REMINDERS_CRON): each trialing subscriber whose trial ends within PLAN_TERMS.reminderDaysBefore days
 * and who has not cancelled gets one reminder. One API process runs it at a time (a leased row in job_locks, which works on MySQL and SQLite);
 * and the reminder mark is written in the same transaction as the outbox row by a conditional update, so even two
 * runs at once (a lease that ran out mid-run) send each reminder once.
 */
@Injectable()
export class TrialReminders implements OnApplicationBootstrap {
  private readonly logger = new Logger(TrialReminders.name);
  private readonly holder = randomUUID();

  constructor(
    private readonly repo: BillingRepository,
    private readonly leases: JobLeases,
    private readonly mail: MailService,
    private readonly clock: BillingClock,
    @InjectConfig() private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** Scheduled as @Cron would, on the configured expression; the schedule module stops it at shutdown. */
  onApplicationBootstrap(): void {
    this.scheduler.addCronJob(JOB, CronJob.from({ cronTime: this.config.trialRemindersCron, onTick: () => this.tick(), start: true }));
  }

  async tick(): Promise<void> {
    try {
      await this.run();
    } catch (err) {
      this.logger.warn(`Trial reminders failed: ${(err as Error).message}`);
    }
  }

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
