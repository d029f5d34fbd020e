import { Injectable } from '@nestjs/common';

/**
 * The reviews module's "now": when invitations and reminders fall due, when links expire, when held reviews are
 * released and until when a review may be changed. One provider, so tests move time for all of them at once; in
 * production it is the machine's clock.
 */
@Injectable()
export class ReviewClock {
  private offsetMs = 0;

  /** In whole seconds, as MariaDB's datetime columns keep it, so an answer's dates are those stored. */
  now(): Date {
    return new Date(Math.floor((Date.now() + this.offsetMs) / 1000) * 1000);
  }

  /** Moves this clock so that now() answers `to` (tests). */
  travelTo(to: Date): void {
    this.offsetMs = to.getTime() - Date.now();
  }
}
