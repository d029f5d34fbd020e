import {
  addDays,
  Availability,
  CALENDAR_FRESH_DAYS,
  CALENDAR_SLOTS,
  CalendarFeedDto,
  calendarDayProblem,
  CalendarSlot,
  HandMark,
  MAX_CALENDAR_FEEDS,
  OwnCalendarDto,
  PanelErrorCode,
  PublicCalendarDto,
  todayInIreland,
} from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { RequestErrorCode } from '@directory/domain';
import { PanelException, RequestException } from '../../common/domain.exception';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { Viewer } from '../../common/viewer';
import { PostsService } from '../posts/posts.service';
import type { CalendarEntity, CalendarFeedEntity, CalendarSlotEntity } from './calendar.entities';
import type { DayMarksDto } from './calendar.dto';
import { CalendarRepository, SlotMark } from './calendar.repository';
import { FeedSync } from './feed-sync';

const DAY_MS = 86_400_000;

/** Whether a calendar updated at `updatedAt` is believed when it says "free". */
export function isFresh(updatedAt: Date | null, now: Date): boolean {
  return updatedAt !== null && now.getTime() - updatedAt.getTime() <= CALENDAR_FRESH_DAYS * DAY_MS;
}

@Injectable()
export class CalendarService {
  constructor(
    private readonly calendars: CalendarRepository,
    private readonly posts: PostsService,
    private readonly sync: FeedSync,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The control panel's month of a listing (this month in Ireland when not given), with its feeds and export address. */
  async own(postId: number, viewer: Viewer, month: string | undefined, now = new Date()): Promise<OwnCalendarDto> {
    await this.posts.findOwned(postId, viewer, 'postId');
    const today = todayInIreland(now);
    const from = `${month ?? today.slice(0, 7)}-01`;
    const to = addDays(`${nextMonth(from.slice(0, 7))}-01`, -1);
    const [calendar, slots, feeds] = await Promise.all([this.calendars.calendar(postId), this.calendars.slotsBetween(postId, from, to), this.calendars.feedsOf(postId)]);
    const bySlot = new Map(slots.map((s) => [`${s.day} ${s.slot}`, s]));
    const half = (day: string, slot: CalendarSlot) => {
      const s = bySlot.get(`${day} ${slot}`);
      return { hand: (s?.hand ?? null) as HandMark, feed: s?.feed ?? false, booked: s?.booked ?? false };
    };
    return {
      postId,
      from,
      to,
      today,
      updatedAt: calendar?.updatedAt ? new Date(calendar.updatedAt).toISOString() : null,
      fresh: isFresh(calendar?.updatedAt ?? null, now),
      days: daysBetween(from, to).map((day) => ({ day, am: half(day, 'am'), pm: half(day, 'pm') })),
      feeds: feeds.map(mapFeed),
      exportUrl: this.exportUrl(calendar),
    };
  }

  /** Marks half days booked or free, or clears them; past days (in Ireland) are refused, naming the mark. */
  async mark(postId: number, viewer: Viewer, dto: DayMarksDto, now = new Date()): Promise<OwnCalendarDto> {
    await this.posts.findOwned(postId, viewer, 'postId');
    const today = todayInIreland(now);
    const marks: SlotMark[] = [];
    dto.marks.forEach((m, i) => {
      if (m.day < today) throw new PanelException(PanelErrorCode.PastDay, { field: `marks.${i}.day`, values: [m.day] });
      const problem = calendarDayProblem(`marks.${i}.day`, m.day, today);
      if (problem) throw new RequestException(RequestErrorCode.ValidationFailed, { field: `marks.${i}.day`, errors: [{ field: `marks.${i}.day`, message: problem }], values: [[{ message: problem }]] });
      const hand: HandMark = m.mark === 'clear' ? null : m.mark;
      for (const slot of m.slot === 'day' ? CALENDAR_SLOTS : [m.slot]) marks.push({ day: m.day, slot, hand });
    });
    await this.calendars.mark(postId, marks, now);
    this.posts.forgetCounts();
    return this.own(postId, viewer, dto.marks[0].day.slice(0, 7), now);
  }

  /** A listing's calendar as visitors see it, from `from` (today when not given) for `months` months. */
  async public(postId: number, from: string | undefined, months: number, now = new Date()): Promise<PublicCalendarDto> {
    await this.posts.findVisible(postId, null, 'id');
    const start = from ?? todayInIreland(now);
    const to = addDays(`${addMonths(start.slice(0, 7), months)}-01`, -1);
    const [calendar, slots] = await Promise.all([this.calendars.calendar(postId), this.calendars.slotsBetween(postId, start, to)]);
    const fresh = isFresh(calendar?.updatedAt ?? null, now);
    const booked = new Set(slots.filter((s) => s.booked).map((s) => `${s.day} ${s.slot}`));
    const state = (day: string, slot: CalendarSlot): Availability => (booked.has(`${day} ${slot}`) ? 'booked' : fresh ? 'free' : 'unknown');
    return {
      postId,
      from: start,
      to,
      updatedAt: calendar?.updatedAt ? new Date(calendar.updatedAt).toISOString() : null,
      fresh,
      days: daysBetween(start, to).map((day) => ({ day, am: state(day, 'am'), pm: state(day, 'pm') })),
    };
  }

  async addFeed(postId: number, viewer: Viewer, url: string, now = new Date()): Promise<CalendarFeedDto> {
    await this.posts.findOwned(postId, viewer, 'postId');
    const feeds = await this.calendars.feedsOf(postId);
    if (feeds.length >= MAX_CALENDAR_FEEDS) throw new PanelException(PanelErrorCode.TooManyFeeds, { field: 'url', values: [MAX_CALENDAR_FEEDS] });
    if (feeds.some((f) => f.url === url)) throw new PanelException(PanelErrorCode.FeedExists, { field: 'url' });
    const feed = await this.calendars.addFeed(postId, url, now);
    // Read at once, so the lister sees whether it works (or why not) right away.
    return mapFeed(await this.sync.syncFeed(feed, now));
  }

  async deleteFeed(postId: number, feedId: number, viewer: Viewer, now = new Date()): Promise<void> {
    await this.posts.findOwned(postId, viewer, 'postId');
    const feed = await this.calendars.feed(feedId);
    if (!feed || feed.postId !== postId) throw new PanelException(PanelErrorCode.FeedNotFound, { field: 'feedId', values: [feedId] });
    await this.calendars.deleteFeed(feedId);
    await this.sync.applyFeeds(postId, now);
    this.posts.forgetCounts();
  }

  /** A new secret export address; the one before stops working. */
  async rotateExport(postId: number, viewer: Viewer): Promise<{ exportUrl: string }> {
    await this.posts.findOwned(postId, viewer, 'postId');
    const token = randomBytes(24).toString('base64url');
    await this.calendars.setExportToken(postId, token);
    return { exportUrl: this.exportUrl({ exportToken: token })! };
  }

  /** The booked half days from today as an iCalendar, for the lister's phone: all-day or half-day events, no names. */
  async exportFeed(token: string, now = new Date()): Promise<string> {
    const calendar = /^[A-Za-z0-9_-]{32}$/.test(token) ? await this.calendars.byExportToken(token) : null;
    if (!calendar) throw new PanelException(PanelErrorCode.ExportNotFound, { field: 'token' });
    const booked = await this.calendars.bookedFrom(calendar.postId, addDays(todayInIreland(now), -30));
    return exportIcs(calendar.postId, booked, this.config.siteName, now);
  }

  private exportUrl(calendar: Pick<CalendarEntity, 'exportToken'> | null): string | null {
    return calendar?.exportToken ? `${this.config.apiOrigin}/api/calendar-export/${calendar.exportToken}.ics` : null;
  }
}

export function mapFeed(f: CalendarFeedEntity): CalendarFeedDto {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  let busySlots = 0;
  try {
    busySlots = (JSON.parse(f.busy) as unknown[]).length;
  } catch {
    busySlots = 0;
  }
  return { id: f.id, url: f.url, lastSuccessAt: iso(f.lastSuccessAt), lastErrorAt: iso(f.lastErrorAt), lastError: f.lastError, failures: f.failures, busySlots };
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

function nextMonth(month: string): string {
  return addMonths(month, 1);
}

function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** Text as an iCalendar property value: commas, semicolons and backslashes escaped. */
const icsText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/**
 * The export: a whole booked day is one all-day event; a booked half is a timed event in Irish time (a morning 09:00
 * to 12:00, an afternoon 12:00 to 18:00, in the zone the file defines).
 */
function exportIcs(postId: number, booked: CalendarSlotEntity[], siteName: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const byDay = new Map<string, Set<string>>();
  for (const s of booked) byDay.set(s.day, (byDay.get(s.day) ?? new Set()).add(s.slot));
  const compact = (day: string) => day.replace(/-/g, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(siteName)}//Availability//EN`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icsText(`${siteName}: booked`)}`,
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Dublin',
    'BEGIN:STANDARD',
    'DTSTART:19701025T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700329T010000',
    'TZOFFSETFROM:+0000',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
  ];
  for (const [day, slots] of byDay) {
    const whole = slots.size === 2;
    for (const slot of whole ? ['day'] : [...slots]) {
      lines.push('BEGIN:VEVENT', `UID:${postId}-${day}-${slot}@availability`, `DTSTAMP:${stamp}`, 'SUMMARY:Booked', 'TRANSP:OPAQUE');
      if (slot === 'day') lines.push(`DTSTART;VALUE=DATE:${compact(day)}`, `DTEND;VALUE=DATE:${compact(addDays(day, 1))}`);
      else if (slot === 'am') lines.push(`DTSTART;TZID=Europe/Dublin:${compact(day)}T090000`, `DTEND;TZID=Europe/Dublin:${compact(day)}T120000`);
      else lines.push(`DTSTART;TZID=Europe/Dublin:${compact(day)}T120000`, `DTEND;TZID=Europe/Dublin:${compact(day)}T180000`);
      lines.push('END:VEVENT');
    }
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

