import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { JobLeases, tickLogged } from '../../database/job-leases';
import { MailService } from '../../infra/mail/mail.service';
import { BillingClock } from './billing.clock';
import { BillingRepository } from './billing.repository';

/**
 * A job on the billing schedule (TRIAL_REMINDERS_CRON, as @Cron would, stopped by the schedule module at shutdown):
 * each run goes under the job's lease (JobLeases.underLease), so one API process runs it at a time, and a failed run
 * is logged and tried again at the next tick. A job names itself and says what it does in `run`.
 */
@Injectable()
export abstract class BillingJob<Result> implements OnApplicationBootstrap {
  protected readonly logger = new Logger(this.constructor.name);
  protected readonly holder = randomUUID();
  /** The job's row in job_locks and its name in the scheduler. */
  protected abstract readonly job: string;
  /** What a failed run's warning calls it: "Trial reminders". */
  protected abstract readonly title: string;

  constructor(
    protected readonly repo: BillingRepository,
    protected readonly leases: JobLeases,
    protected readonly mail: MailService,
    protected readonly clock: BillingClock,
    @InjectConfig() protected readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addCronJob(this.job, CronJob.from({ cronTime: this.config.trialRemindersCron, onTick: () => this.tick(), start: true }));
  }

  tick(): Promise<void> {
    return tickLogged(this.logger, this.title, () => this.run());
  }

  /** One run now, under the lease; what this process did (nothing when another process holds the job). */
  abstract run(): Promise<Result>;
}
