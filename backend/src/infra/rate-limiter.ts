import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { In, LessThan, MoreThan, Repository } from 'typeorm';
import { RateEventEntity } from './rate-event.entity';

/** No limit looks further back than this, so older events can go. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** At most `max` events of one scope and subject within `windowMs`. */
export interface Limit {
  scope: string;
  subject: string;
  max: number;
  windowMs: number;
}

/** The events one attempt recorded, to forget them when it turns out well. */
export type Attempt = number[];

/**
 * Counts events per scope and subject (an email, an address) in the database, so every API process shares the
 * same counts, and refuses once a limit is reached within its window by throwing the caller's own refusal (its
 * domain's too_many_attempts, in its words). Addresses arrive as @ClientAddress() keys them (an IPv6 address by its /64).
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectRepository(RateEventEntity) private readonly events: Repository<RateEventEntity>) {}

  /**
   * Records an attempt under every limit first and only then counts, so parallel requests cannot all pass a check
   * before any of them is recorded: of any burst at most `max` get through. A refused attempt is forgotten again, so
   * waiting out the window is enough (hammering does not extend it). Keep what this returns to `forget` the attempt
   * once it turns out well. The refusal is told which limit was reached.
   */
  async attempt(limits: Limit[], refusal: (reached: Limit) => Error): Promise<Attempt> {
    const keys = [...new Map(limits.map((l) => [`${l.scope}\n${subjectKey(l.subject)}`, l])).values()];
    const ids: Attempt = [];
    for (const { scope, subject } of keys) ids.push((await this.events.insert({ scope, subject: subjectKey(subject) })).identifiers[0].id);
    for (const limit of limits) {
      if ((await this.count(limit)) > limit.max) {
        await this.forget(ids);
        throw refusal(limit);
      }
    }
    return ids;
  }

  async forget(attempt: Attempt): Promise<void> {
    if (attempt.length) await this.events.delete({ id: In(attempt) });
  }

  async clear(scope: string, subject: string): Promise<void> {
    await this.events.delete({ scope, subject: subjectKey(subject) });
  }

  /** Hourly: forgets events older than any window, so the table stays small. */
  @Interval(60 * 60_000)
  async prune(): Promise<void> {
    await this.events.delete({ createdAt: LessThan(new Date(Date.now() - LONGEST_WINDOW_MS)) });
  }

  private count({ scope, subject, windowMs }: Limit): Promise<number> {
    return this.events.countBy({ scope, subject: subjectKey(subject), createdAt: MoreThan(new Date(Date.now() - windowMs)) });
  }
}

/** The stored key (190 characters at most): a longer subject is kept as its SHA-256, so two never share a count. */
export const subjectKey = (subject: string): string => {
  return subject.length <= 190 ? subject : `sha256:${createHash('sha256').update(subject).digest('hex')}`;
};
