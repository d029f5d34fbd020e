import { addDays, CALENDAR_SLOTS, todayInIreland } from '@directory/domain';
import { EntityManager } from 'typeorm';
import { CalendarEntity, CalendarSlotEntity } from '../../src/modules/calendar/calendar.entities';
import { Random } from './random';
import { insertMany } from './seed';

/** Listers who keep a calendar: four in ten; of those, one in four has not updated it for over 30 days (unknown). */
const KEEPS_CALENDAR = 0.4;
const STALE = 0.25;
/** About 30 booked days a year each: most whole days, some a morning or an afternoon only (two ceremonies a day). */
const BOOKED_DAYS_A_YEAR = 30;
const BATCH = 1000;

export interface CalendarSeedResult {
  calendars: number;
  stale: number;
  bookedHalfDays: number;
}

/**
 * Availability for the seeded listers, a year ahead from the day the seed runs: some calendars kept up (updated in the
 * last days), some stale (updated months ago, so their free days show as unknown), the rest none. A fixed seed, so the
 * same posts get the same calendars.
 */
export async function seedCalendars(em: EntityManager, postIds: number[], now = new Date()): Promise<CalendarSeedResult> {
  const rnd = new Random(20270620);
  const today = todayInIreland(now);
  let calendars: Partial<CalendarEntity>[] = [];
  let slots: Partial<CalendarSlotEntity>[] = [];
  let stale = 0;
  let bookedHalfDays = 0;
  let kept = 0;
  const flush = async (all = false) => {
    if (calendars.length >= BATCH || (all && calendars.length)) {
      await insertMany(em, CalendarEntity, calendars);
      calendars = [];
    }
    if (slots.length >= BATCH || (all && slots.length)) {
      await insertMany(em, CalendarSlotEntity, slots);
      slots = [];
    }
  };
  for (const postId of postIds) {
    if (!rnd.chance(KEEPS_CALENDAR)) continue;
    kept++;
    const isStale = rnd.chance(STALE);
    if (isStale) stale++;
    const daysAgo = isStale ? rnd.int(40, 200) : rnd.int(0, 10);
    calendars.push({ postId, updatedAt: new Date(now.getTime() - daysAgo * 86_400_000 - rnd.int(0, 86_399) * 1000), exportToken: null });
    for (let d = 0; d < 365; d++) {
      // Saturdays in summer are the busiest.
      const day = addDays(today, d);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const month = Number(day.slice(5, 7));
      const weight = (weekday === 6 ? 3 : weekday === 5 || weekday === 0 ? 1.5 : 0.6) * (month >= 5 && month <= 9 ? 1.5 : 0.8);
      if (!rnd.chance((BOOKED_DAYS_A_YEAR / 365) * weight * 0.75)) continue;
      const roll = rnd.int(0, 9);
      const halves = roll < 6 ? CALENDAR_SLOTS : roll < 8 ? (['am'] as const) : (['pm'] as const);
      for (const slot of halves) {
        slots.push({ postId, day, slot, hand: 'booked', feed: false, booked: true });
        bookedHalfDays++;
      }
    }
    await flush();
  }
  await flush(true);
  return { calendars: kept, stale, bookedHalfDays };
}
