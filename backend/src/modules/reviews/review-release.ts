import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { JobLeases, tickLogged } from '../../database/job-leases';
import { ReviewClock } from './review.clock';
import { ReviewFigures } from './review-figures';
import { ReviewsRepository } from './reviews.repository';

const JOB = 'review-release';
const BATCH = 1000;

/**
 * Publishes held reviews whose date has come (7 days after writing, 14 when the lister asked for more time), with the
 * lister's reply if any: every 10 minutes, one API process at a time (a lease in job_locks); each release is a
 * conditional update, so two runs at once publish each review once.
 */
@Injectable()
export class ReviewRelease {
  private readonly log = new Logger(ReviewRelease.name);
  private readonly holder = randomUUID();

  constructor(
    private readonly repo: ReviewsRepository,
    private readonly figures: ReviewFigures,
    private readonly leases: JobLeases,
    private readonly clock: ReviewClock,
  ) {}

  @Cron('*/10 * * * *', { name: JOB })
  tick(): Promise<void> {
    return tickLogged(this.log, 'Releasing held reviews', () => this.run(), (released) => (released ? `Published ${released} held review(s)` : null));
  }

  /** The number of reviews this process published (0 when another process holds the job). */
  async run(): Promise<number> {
    const now = this.clock.now();
    return this.leases.underLease(JOB, this.holder, now, 0, async () => {
      let released = 0;
      for (const review of await this.repo.dueForRelease(now, BATCH)) {
        const done = await this.repo.transaction(async (m) => {
          if (!(await this.repo.update(m, review.id, "status = 'held' AND held_until <= :now", { now }, { status: 'published', publishedAt: now, heldUntil: null }))) return false;
          await this.figures.changed(m, review.postId);
          return true;
        });
        if (done) released++;
      }
      return released;
    });
  }
}
