import type { CalendarSlot, HandMark } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, LessThanOrEqual, Or, Repository } from 'typeorm';
import { DataVersion } from '../data-version/data-version';
import { CalendarEntity, CalendarFeedEntity, CalendarSlotEntity } from './calendar.entities';

/** A half day's new hand mark (null clears it). */
export interface SlotMark {
  day: string;
  slot: CalendarSlot;
  hand: HandMark;
}

/** One half day written "YYYY-MM-DD am", as feeds' busy lists keep them. */
export type SlotKey = `${string} ${CalendarSlot}`;

@Injectable()
export class CalendarRepository {
  constructor(
    @InjectRepository(CalendarEntity) private readonly calendars: Repository<CalendarEntity>,
    @InjectRepository(CalendarSlotEntity) private readonly slots: Repository<CalendarSlotEntity>,
    @InjectRepository(CalendarFeedEntity) private readonly feeds: Repository<CalendarFeedEntity>,
    private readonly version: DataVersion,
  ) {}

  calendar(postId: number): Promise<CalendarEntity | null> {
    return this.calendars.findOneBy({ postId });
  }

  byExportToken(exportToken: string): Promise<CalendarEntity | null> {
    return this.calendars.findOneBy({ exportToken });
  }

  /** The half days of a listing with something on them, from `from` to `to` (YYYY-MM-DD, inclusive). */
  async slotsBetween(postId: number, from: string, to: string): Promise<CalendarSlotEntity[]> {
    return this.slots
      .createQueryBuilder('s')
      .where('s.post_id = :postId AND s.day >= :from AND s.day <= :to', { postId, from, to })
      .orderBy('s.day')
      .addOrderBy('s.slot')
      .getMany()
      .then((rows) => rows.map(normalise));
  }

  /** The booked half days of a listing from `from` on (the export feed). */
  async bookedFrom(postId: number, from: string): Promise<CalendarSlotEntity[]> {
    const rows = await this.slots.createQueryBuilder('s').where('s.post_id = :postId AND s.day >= :from AND s.booked = :booked', { postId, from, booked: true }).orderBy('s.day').addOrderBy('s.slot').getMany();
    return rows.map(normalise);
  }

  /**
   * Writes the lister's marks and stamps the calendar as updated, in one transaction that moves the data version
   * (the search by date reads these).
   */
  async mark(postId: number, marks: SlotMark[], now: Date): Promise<void> {
    await this.slots.manager.transaction(async (m) => {
      const existing = await m.getRepository(CalendarSlotEntity).find({ where: { postId, day: In([...new Set(marks.map((k) => k.day))]) } });
      const byKey = new Map(existing.map((r) => [`${normalise(r).day} ${r.slot}`, r]));
      for (const mark of marks) {
        const row = byKey.get(`${mark.day} ${mark.slot}`);
        await this.writeSlot(m, postId, mark.day, mark.slot, mark.hand, row ? Boolean(row.feed) : false, Boolean(row));
      }
      await this.touch(m, postId, now);
      await this.version.bump(m);
    });
  }

  /**
   * Sets the feeds' busy half days of a listing to exactly `busy` from `from` on (earlier days are kept as they were:
   * the past is not rewritten), stamping the calendar as updated; moves the data version only if anything changed.
   */
  async setFeedBusy(postId: number, busy: Set<string>, from: string, now: Date): Promise<void> {
    await this.slots.manager.transaction(async (m) => {
      const rows = (await m.getRepository(CalendarSlotEntity).createQueryBuilder('s').where('s.post_id = :postId AND s.day >= :from', { postId, from }).getMany()).map(normalise);
      let changed = false;
      const seen = new Set<string>();
      for (const row of rows) {
        const key = `${row.day} ${row.slot}`;
        seen.add(key);
        const feed = busy.has(key);
        if (feed !== Boolean(row.feed)) {
          changed = true;
          await this.writeSlot(m, postId, row.day, row.slot, row.hand, feed, true);
        }
      }
      for (const key of busy) {
        if (seen.has(key)) continue;
        const [day, slot] = key.split(' ') as [string, CalendarSlot];
        if (day < from) continue;
        changed = true;
        await this.writeSlot(m, postId, day, slot, null, true, false);
      }
      await this.touch(m, postId, now);
      if (changed) await this.version.bump(m);
    });
  }

  /** One half day: kept with its result when it says anything, removed when it says nothing. */
  private async writeSlot(m: EntityManager, postId: number, day: string, slot: CalendarSlot, hand: HandMark, feed: boolean, exists: boolean): Promise<void> {
    const repo = m.getRepository(CalendarSlotEntity);
    if (hand === null && !feed) {
      if (exists) await repo.delete({ postId, day, slot });
      return;
    }
    const booked = hand === 'booked' || (hand === null && feed);
    if (exists) await repo.update({ postId, day, slot }, { hand, feed, booked });
    else await repo.insert({ postId, day, slot, hand, feed, booked });
  }

  /** Stamps the calendar as kept up to date now (made on first use). */
  private async touch(m: EntityManager, postId: number, now: Date): Promise<void> {
    const repo = m.getRepository(CalendarEntity);
    const { affected } = await repo.update({ postId }, { updatedAt: now });
    if (!affected) await repo.insert({ postId, updatedAt: now, exportToken: null });
  }

  /** Gives the calendar a new export secret (made on first use, without counting as an update). */
  async setExportToken(postId: number, exportToken: string): Promise<void> {
    const { affected } = await this.calendars.update({ postId }, { exportToken });
    if (!affected) await this.calendars.insert({ postId, updatedAt: null, exportToken });
  }

  feedsOf(postId: number): Promise<CalendarFeedEntity[]> {
    return this.feeds.find({ where: { postId }, order: { id: 'ASC' } });
  }

  feed(id: number): Promise<CalendarFeedEntity | null> {
    return this.feeds.findOneBy({ id });
  }

  async addFeed(postId: number, url: string, now: Date): Promise<CalendarFeedEntity> {
    const result = await this.feeds.insert({ postId, url, busy: '[]', failures: 0, alerted: false, nextSyncAt: now });
    return (await this.feeds.findOneBy({ id: Number(result.identifiers[0].id) }))!;
  }

  async deleteFeed(id: number): Promise<void> {
    await this.feeds.delete({ id });
  }

  saveFeed(feed: CalendarFeedEntity): Promise<CalendarFeedEntity> {
    return this.feeds.save(feed);
  }

  /** Feeds due for a sync (never synced, or their time has come), oldest due first. */
  dueFeeds(now: Date, limit: number): Promise<CalendarFeedEntity[]> {
    return this.feeds.find({ where: { nextSyncAt: Or(IsNull(), LessThanOrEqual(now)) }, order: { nextSyncAt: 'ASC', id: 'ASC' }, take: limit });
  }
}

/** Both drivers' shapes of a row made alike: a day as YYYY-MM-DD, booleans as booleans. */
function normalise(r: CalendarSlotEntity): CalendarSlotEntity {
  const day = (r.day as unknown) instanceof Date ? (r.day as unknown as Date).toISOString().slice(0, 10) : String(r.day).slice(0, 10);
  return Object.assign(r, { day, feed: Boolean(r.feed), booked: Boolean(r.booked) });
}
