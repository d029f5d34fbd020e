import type { MemberStatsDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../common/viewer';
import { lastDays, lastMonths, tally } from './member-stats';
import { DailyMarks, today } from '../../infra/daily-marks';
import { PostsService } from '../posts/posts.service';
import { StatsRepository } from './stats.repository';

/** Profile views and enquiries per post and day (UTC), for the lister's statistics. */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly posts: PostsService,
    private readonly marks: DailyMarks,
  ) {}

  /**
   * Counts a view of a post visitors can see (404 otherwise), at most one per address, post and day, however often
   * or in parallel it is sent.
   */
  async view(postId: number, address: string): Promise<void> {
    await this.posts.findVisible(postId, null, 'postId');
    if (await this.marks.first(`view:${postId}`, address)) await this.stats.add(postId, 'view', today());
  }

  /**
   * A member's views and enquiries over the last 12 months and 30 days (UTC, oldest first, zero-filled), in total and
   * per listing; with postId, of that listing only (their own, or any for an admin; 404 otherwise).
   */
  async member(viewer: Viewer, postId?: number): Promise<MemberStatsDto> {
    const posts = postId === undefined ? await this.posts.ownedRefs(viewer.userId) : [await this.posts.findOwned(postId, viewer, 'postId')];
    const now = new Date();
    const days = lastDays(now, 30);
    const months = lastMonths(now, 12);
    const rows = await this.stats.since(posts.map((p) => p.id), `${months[0]}-01` < days[0] ? `${months[0]}-01` : days[0]);
    const all = tally(rows, days, months);
    return {
      months: all.months,
      days: all.days,
      posts: posts.map((p) => ({ post_id: p.id, title: p.title, slug: p.slug, ...tally(rows.filter((r) => r.postId === p.id), days, months) })),
    };
  }

  enquiry(postId: number): Promise<void> {
    return this.stats.add(postId, 'enquiry', today());
  }
}
