import { FEED_FAILURES_BEFORE_MAIL, lastCalendarDay, todayInIreland } from '@directory/domain';
import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { JobLeases, tickLogged } from '../../database/job-leases';
import { MailService } from '../../infra/mail/mail.service';
import { UserEntity } from '../users/user.entity';
import { PostEntity } from '../posts/post.entity';
import type { CalendarFeedEntity } from './calendar.entities';
import { feedFailingMail } from './calendar.messages';
import { CalendarRepository } from './calendar.repository';
import { FeedError, FeedFetcher } from './feed-fetcher';
import { busyHalfDays } from './feed-parser';

const JOB = 'calendar-feeds';
/** Feeds synced per run at most; the rest wait for the next run, 5 minutes later. */
const BATCH = 100;
/** A feed is synced again 30 to 60 minutes after its last sync, spread so feeds added together do not stay together. */
const NEXT_MIN_MS = 30 * 60_000;
const NEXT_SPREAD_MS = 30 * 60_000;

/**
 * Syncs the listers' calendar feeds: every 5 minutes one API process (a lease in job_locks) reads the feeds whose
 * time has come and writes the busy half days they say; a feed that fails twice in a row has its lister emailed once,
 * until it works again.
 */
@Injectable()
export class FeedSync {
  private readonly log = new Logger(FeedSync.name);
  private readonly holder = randomUUID();

  constructor(
    private readonly calendars: CalendarRepository,
    private readonly fetcher: FeedFetcher,
    private readonly leases: JobLeases,
    private readonly mail: MailService,
    @InjectDataSource() private readonly ds: DataSource,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Cron('*/5 * * * *', { name: JOB })
  tick(): Promise<void> {
    return tickLogged(this.log, 'Syncing calendar feeds', () => this.run(), (synced) => (synced ? `Synced ${synced} calendar feed(s)` : null));
  }

  /** The number of feeds this process synced (0 when another process holds the job). */
  async run(now = new Date()): Promise<number> {
    return this.leases.underLease(JOB, this.holder, now, 0, async () => {
      const due = await this.calendars.dueFeeds(now, BATCH);
      for (const feed of due) await this.syncFeed(feed, now);
      return due.length;
    });
  }

  /** Reads one feed and records the outcome; a success rewrites the listing's busy half days from every feed. */
  async syncFeed(feed: CalendarFeedEntity, now: Date): Promise<CalendarFeedEntity> {
    const today = todayInIreland(now);
    feed.nextSyncAt = new Date(now.getTime() + NEXT_MIN_MS + Math.floor(Math.random() * NEXT_SPREAD_MS));
    try {
      const busy = busyHalfDays(await this.fetcher.fetch(feed.url), today, lastCalendarDay(today));
      feed.busy = JSON.stringify([...busy].sort());
      feed.lastSuccessAt = now;
      feed.failures = 0;
      feed.alerted = false;
      await this.calendars.saveFeed(feed);
      await this.applyFeeds(feed.postId, now);
    } catch (err) {
      feed.lastError = (err instanceof FeedError ? err.message : 'The calendar could not be read.').slice(0, 300);
      feed.lastErrorAt = now;
      feed.failures += 1;
      if (!(err instanceof FeedError)) this.log.warn(`Calendar feed ${feed.id}: ${(err as Error).message}`);
      const mailNow = feed.failures >= FEED_FAILURES_BEFORE_MAIL && !feed.alerted;
      if (mailNow) feed.alerted = true;
      await this.calendars.saveFeed(feed);
      if (mailNow) await this.mailOwner(feed);
    }
    return feed;
  }

  /** The listing's feed marks made the union of what its feeds last said (after a sync or a feed's removal). */
  async applyFeeds(postId: number, now: Date): Promise<void> {
    const busy = new Set<string>();
    for (const f of await this.calendars.feedsOf(postId)) for (const key of JSON.parse(f.busy) as string[]) busy.add(key);
    await this.calendars.setFeedBusy(postId, busy, todayInIreland(now), now);
  }

  private async mailOwner(feed: CalendarFeedEntity): Promise<void> {
    const post = await this.ds.getRepository(PostEntity).findOneBy({ id: feed.postId });
    const owner = post?.ownerId ? await this.ds.getRepository(UserEntity).findOneBy({ id: post.ownerId }) : null;
    if (!post || !owner) return;
    await this.mail.queue({ to: owner.email, ...feedFailingMail(this.config, owner.firstName, post.title, feed) });
  }
}
