/**
 * Availability: a listing's calendar of half days (a morning and an afternoon per day), marked booked or free by the
 * lister or read from their own calendar feeds, and searched by date. The limits and words both the API and the site
 * use are here once.
 */

/** The halves of a day a lister marks: a morning, an afternoon (a whole day is both). */
export const CALENDAR_SLOTS = ['am', 'pm'] as const;
export type CalendarSlot = (typeof CALENDAR_SLOTS)[number];

/** What a day (or half) of a listing's calendar says to visitors. */
export type Availability = 'free' | 'booked' | 'unknown';

/** A calendar tells visitors "free" only while the lister (by hand or through a working feed) updated it this recently. */
export const CALENDAR_FRESH_DAYS = 30;
/** How far ahead visitors may search and listers may mark: three years. */
export const CALENDAR_MAX_YEARS_AHEAD = 3;
/** Calendar feeds (iCalendar URLs) per listing. */
export const MAX_CALENDAR_FEEDS = 3;
/** Consecutive failed syncs of a feed after which its lister is emailed (once, until it works again). */
export const FEED_FAILURES_BEFORE_MAIL = 2;
/** The time zone the directory's days are counted in (feeds' times are read into it). */
export const CALENDAR_TIME_ZONE = 'Europe/Dublin';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: unknown): day is string {
  if (typeof day !== 'string') return false;
  const m = DAY.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Today in Ireland, YYYY-MM-DD (a day starts at midnight in Dublin, not in UTC). */
export function todayInIreland(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CALENDAR_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The day `days` after `day` (negative: before), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last day visitors may search and listers may mark, from today: three years ahead. */
export function lastCalendarDay(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y + CALENDAR_MAX_YEARS_AHEAD, m - 1, d)).toISOString().slice(0, 10);
}

/** Why a searched or marked day is refused (null when it is fine): not a day, past, or more than three years ahead. */
export function calendarDayProblem(field: string, day: unknown, today: string): string | null {
  if (!isCalendarDay(day)) return `${field} must be a date written YYYY-MM-DD`;
  if (day < today) return `${field} must be today or later`;
  if (day > lastCalendarDay(today)) return `${field} must be at most ${CALENDAR_MAX_YEARS_AHEAD} years ahead`;
  return null;
}

/** One day of a listing's calendar as the API answers it: each half's state. */
export interface CalendarDayDto {
  day: string;
  am: Availability;
  pm: Availability;
}

/** A listing's public calendar: its days from `from` to `to`, and when it was last updated (null: never). */
export interface PublicCalendarDto {
  postId: number;
  from: string;
  to: string;
  /** ISO time of the last update by hand or by a working feed. */
  updatedAt: string | null;
  /** Whether "free" can be believed: updated within CALENDAR_FRESH_DAYS. */
  fresh: boolean;
  days: CalendarDayDto[];
}

/** A lister's mark on a half day, as stored: booked, free, or nothing said by hand. */
export type HandMark = 'booked' | 'free' | null;

/** One day of the lister's own calendar in the control panel: what they marked, what their feeds say, the result. */
export interface OwnCalendarDayDto {
  day: string;
  am: { hand: HandMark; feed: boolean; booked: boolean };
  pm: { hand: HandMark; feed: boolean; booked: boolean };
}

/** One of a listing's calendar feeds, as the control panel shows it. */
export interface CalendarFeedDto {
  id: number;
  url: string;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  failures: number;
  busySlots: number;
}

/** The control panel's calendar of a listing. */
export interface OwnCalendarDto {
  postId: number;
  from: string;
  to: string;
  today: string;
  updatedAt: string | null;
  fresh: boolean;
  days: OwnCalendarDayDto[];
  feeds: CalendarFeedDto[];
  /** The secret export address (iCalendar of the booked half days), or null before one is made. */
  exportUrl: string | null;
}

/** How many listings of a selection are free and unknown on a searched date (booked ones are left out). */
export interface AvailabilityCounts {
  date: string;
  slot: CalendarSlot | null;
  free: number;
  unknown: number;
}
