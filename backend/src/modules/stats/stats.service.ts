import { Injectable } from '@nestjs/common';
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

  enquiry(postId: number): Promise<void> {
    return this.stats.add(postId, 'enquiry', today());
  }
}
