import { addDays, CALENDAR_TIME_ZONE } from '@directory/domain';
import ICAL from 'ical.js';
import { FeedError } from './feed-fetcher';

/** Occurrences of one recurring event read at most (a daily event over three years and more). */
const MAX_OCCURRENCES = 5000;
/** Busy half days kept per feed at most: three years of both halves. */
const MAX_BUSY = 2400;

/** Wall-clock time in Ireland, 'YYYY-MM-DDTHH:MM', which compares as text. */
type Wall = string;

const dublin = new Intl.DateTimeFormat('en-GB', { timeZone: CALENDAR_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function wallOfInstant(ms: number): Wall {
  const p = Object.fromEntries(dublin.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time of a feed as wall-clock time in Ireland: one in UTC or in a zone the feed defines is converted; a floating
 * time, or one in a zone the feed names but does not define, is taken as Irish time (the feeds listers give are
 * theirs, kept in Ireland).
 */
function wallOf(t: ICAL.Time): Wall {
  if (t.isDate) return `${t.year}-${pad(t.month)}-${pad(t.day)}T00:00`;
  const zone = t.zone;
  const known = zone && zone !== ICAL.Timezone.localTimezone && (zone === ICAL.Timezone.utcTimezone || zone.tzid === 'UTC' || (zone.component !== null && zone.component !== undefined));
  if (known) return wallOfInstant(t.toUnixTime() * 1000);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}

/**
 * The half days an event from `start` to `end` (exclusive, wall time) touches: the morning is until noon, the
 * afternoon from noon. An event without length touches the half it starts in.
 */
function halves(start: Wall, end: Wall, from: string, to: string, out: Set<string>): void {
  if (end < start) return;
  let day = start.slice(0, 10) < from ? from : start.slice(0, 10);
  const last = end.slice(0, 10);
  for (let i = 0; day <= last && day <= to && i < 4000; i++, day = addDays(day, 1)) {
    const am = [`${day}T00:00`, `${day}T12:00`] as const;
    const pm = [`${day}T12:00`, `${addDays(day, 1)}T00:00`] as const;
    for (const [slot, [a, b]] of [['am', am], ['pm', pm]] as const) {
      const touches = start === end ? start >= a && start < b : start < b && end > a;
      if (touches) out.add(`${day} ${slot}`);
    }
    if (out.size > MAX_BUSY) throw new FeedError('The calendar has more busy times than can be kept.');
  }
}

/** Whether an event (or one occurrence's exception) blocks time: not free (TRANSPARENT), not tentative, not cancelled. */
function blocks(item: ICAL.Event): boolean {
  const c = item.component;
  const transp = String(c.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(c.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'TENTATIVE' && status !== 'CANCELLED';
}

/** The end of an occurrence: its DTEND or DURATION, else a day after a date (RFC 5545) and the start for a time. */
function endOf(start: ICAL.Time, end: ICAL.Time | null | undefined): ICAL.Time {
  if (end && end.compare(start) >= 0) return end;
  const e = start.clone();
  if (start.isDate) e.day += 1;
  return e;
}

/**
 * The busy half days (`YYYY-MM-DD am|pm`, Irish days) of an iCalendar text between `from` and `to`: recurring events
 * expanded with their exceptions and EXDATEs, all-day end dates exclusive, free, tentative and cancelled events left
 * out. Nothing else of an event is read: no titles, no attendees.
 */
export function busyHalfDays(text: string, from: string, to: string): Set<string> {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new FeedError('The address did not answer with an iCalendar (.ics) calendar.');
  }
  if (root.name !== 'vcalendar') throw new FeedError('The address did not answer with an iCalendar (.ics) calendar.');
  const vevents = root.getAllSubcomponents('vevent');
  const exceptions = new Map<string, ICAL.Component[]>();
  const masters: ICAL.Component[] = [];
  for (const v of vevents) {
    const uid = String(v.getFirstPropertyValue('uid') ?? '');
    if (v.hasProperty('recurrence-id') && uid) exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
    else masters.push(v);
  }
  const masterUids = new Set(masters.map((m) => String(m.getFirstPropertyValue('uid') ?? '')));
  // An exception whose series is not in the feed stands alone.
  for (const [uid, list] of exceptions) if (!masterUids.has(uid)) masters.push(...list);

  const out = new Set<string>();
  const horizon = `${addDays(to, 1)}T00:00`;
  for (const v of masters) {
    const event = new ICAL.Event(v);
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      if (blocks(event)) halves(wallOf(event.startDate), wallOf(endOf(event.startDate, event.endDate)), from, to, out);
      continue;
    }
    for (const e of exceptions.get(event.uid) ?? []) event.relateException(e);
    const it = event.iterator();
    for (let i = 0, next = it.next(); next && i < MAX_OCCURRENCES; i++, next = it.next()) {
      const occurrence = event.getOccurrenceDetails(next);
      const start = wallOf(occurrence.startDate);
      const item = occurrence.item;
      if (blocks(item)) halves(start, wallOf(endOf(occurrence.startDate, occurrence.endDate)), from, to, out);
      // Occurrences come in order of their original start: a moved one is read above, then the series stops here.
      if (wallOf(next) >= horizon) break;
    }
  }
  return out;
}
