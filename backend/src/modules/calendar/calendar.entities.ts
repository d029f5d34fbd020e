import type { CalendarSlot, HandMark } from '@directory/domain';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';
import { BelongsToPost, PostId, PostRowEntity } from '../posts/post-ref';
import { PostEntity } from '../posts/post.entity';

/** A listing's calendar as a whole: when it was last kept up to date, and its secret export address. */
@Entity('calendars')
// The search by date reads the listings whose calendar is recent from this index (a range on updated_at).
@Index('IDX_calendars_updated', ['updatedAt', 'postId'])
export class CalendarEntity {
  @PostId({ primary: true })
  postId!: number;

  @BelongsToPost()
  post?: PostEntity;

  /** The last change by hand or successful feed sync; "free" is believed for CALENDAR_FRESH_DAYS after it. */
  @Column({ name: 'updated_at', type: 'datetime', nullable: true })
  updatedAt!: Date | null;

  /** The secret of the export address (/api/calendar-export/<token>.ics); a new one replaces it. */
  @Column({ name: 'export_token', type: 'varchar', length: 64, nullable: true, unique: true })
  exportToken!: string | null;
}

/**
 * One half day of a listing's calendar: the lister's own mark (booked, free, or none), whether a feed says busy, and
 * the result visitors see (booked: marked booked, or busy in a feed and not marked free). A row with neither a mark
 * nor a feed's busy is not kept.
 */
@Entity('calendar_slots')
// The search counts the listings booked on a day from this index alone.
@Index('IDX_calendar_slots_day', ['day', 'booked', 'postId', 'slot'])
export class CalendarSlotEntity {
  @PostId({ primary: true })
  postId!: number;

  @BelongsToPost()
  post?: PostEntity;

  /** YYYY-MM-DD, in Ireland. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 2 })
  slot!: CalendarSlot;

  @Column({ type: 'varchar', length: 10, nullable: true })
  hand!: HandMark;

  @Column({ type: 'boolean', default: false })
  feed!: boolean;

  @Column({ type: 'boolean', default: false })
  booked!: boolean;
}

/** One of a listing's iCalendar feeds, synced by the scheduled job: what it last said busy and how its syncs went. */
@Entity('calendar_feeds')
@Index('IDX_calendar_feeds_post', ['postId'])
@Index('IDX_calendar_feeds_due', ['nextSyncAt'])
export class CalendarFeedEntity extends PostRowEntity {
  @Column({ type: 'varchar', length: 500 })
  url!: string;

  /** The busy half days of its last successful sync, as JSON ['2027-06-12 am', ...] (no titles, no attendees). */
  @Column({ type: 'text' })
  busy!: string;

  @Column({ name: 'last_success_at', type: 'datetime', nullable: true })
  lastSuccessAt!: Date | null;

  @Column({ name: 'last_error_at', type: 'datetime', nullable: true })
  lastErrorAt!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 300, nullable: true })
  lastError!: string | null;

  /** Failed syncs in a row (0 after a success). */
  @Column({ type: 'int', default: 0 })
  failures!: number;

  /** Whether the lister was emailed about the failures since its last success. */
  @Column({ type: 'boolean', default: false })
  alerted!: boolean;

  @Column({ name: 'next_sync_at', type: 'datetime', nullable: true })
  nextSyncAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;
}
