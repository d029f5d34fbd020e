import { Injectable } from '@nestjs/common';
import { DailyMarks, today } from '../../infra/daily-marks';
import { StatsRepository } from './stats.repository';

/** Profile views and enquiries per post and day (UTC), for the lister's statistics. */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly marks: DailyMarks,
  ) {}

  /** Counts at most one view per address, post and day, however often or in parallel it is sent. */
  async view(postId: number, address: string): Promise<void> {
    if (await this.marks.first(`view:${postId}`, address)) await this.stats.add(postId, 'view', today());
  }

  enquiry(postId: number): Promise<void> {
    return this.stats.add(postId, 'enquiry', today());
  }
}
