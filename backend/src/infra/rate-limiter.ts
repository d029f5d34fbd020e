import { ERROR_MESSAGES } from '@directory/domain';
import { HttpStatus, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, Repository } from 'typeorm';
import { codedError } from '../common/errors';
import { RateEventEntity } from './rate-event.entity';

/** No limit looks further back than this, so older events can go. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Counts events per scope and subject (an email, an address) in the database, so every API process shares the
 * same counts, and refuses with 429 once a limit is reached within its window.
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectRepository(RateEventEntity) private readonly events: Repository<RateEventEntity>) {}

  async check(scope: string, subject: string, max: number, windowMs: number, message: string = ERROR_MESSAGES.too_many_attempts): Promise<void> {
    const since = new Date(Date.now() - windowMs);
    if ((await this.events.countBy({ scope, subject: subject.slice(0, 190), createdAt: MoreThan(since) })) >= max) {
      throw codedError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_attempts', message);
    }
  }

  async record(scope: string, subject: string): Promise<void> {
    await this.events.insert({ scope, subject: subject.slice(0, 190) });
  }

  async clear(scope: string, subject: string): Promise<void> {
    await this.events.delete({ scope, subject: subject.slice(0, 190) });
  }

  /** Hourly: forgets events older than any window, so the table stays small. */
  @Interval(60 * 60_000)
  async prune(): Promise<void> {
    await this.events.delete({ createdAt: LessThan(new Date(Date.now() - LONGEST_WINDOW_MS)) });
  }
}
