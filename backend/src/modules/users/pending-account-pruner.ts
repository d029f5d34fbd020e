import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { JobLeases, tickLogged } from '../../database/job-leases';
import { AccountRepository } from './account.repository';

const JOB = 'unconfirmed-accounts';
/** Accounts removed per run at most: a flood of sign-ups drains over a few hours without one long run. */
const BATCH = 1000;

/**
 * Hourly: deletes the sign-ups nobody confirmed within UNCONFIRMED_ACCOUNT_DAYS of their last code, with their codes
 * and mail, so an address typed by mistake or by someone else does not stay on file (and can sign up afresh). One API
 * process runs it at a time (a lease in job_locks); each deletion is conditional, so two runs at once remove each
 * account once.
 */
@Injectable()
export class PendingAccountPruner {
  private readonly log = new Logger(PendingAccountPruner.name);
  private readonly holder = randomUUID();

  constructor(
    private readonly account: AccountRepository,
    private readonly leases: JobLeases,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Cron('23 * * * *', { name: JOB })
  tick(): Promise<void> {
    return tickLogged(this.log, 'Removing unconfirmed accounts', () => this.run(), (removed) => (removed ? `Removed ${removed} unconfirmed account(s)` : null));
  }

  /** The number of accounts this process removed (0 when another process holds the job). */
  async run(now = new Date()): Promise<number> {
    return this.leases.underLease(JOB, this.holder, now, 0, async () => {
      let removed = 0;
      const before = new Date(now.getTime() - this.config.unconfirmedAccountDays * 86_400_000);
      for (const id of await this.account.unconfirmedBefore(before, BATCH)) {
        if (await this.account.deleteUnconfirmed(id, before)) removed++;
      }
      return removed;
    });
  }
}
