import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { insertUnlessDuplicate } from '../../database/duplicate-key';
import { StatDayEntity, StatKind } from './stat-day.entity';

@Injectable()
export class StatsRepository {
  constructor(@InjectRepository(StatDayEntity) private readonly days: Repository<StatDayEntity>) {}

  /** The daily counts of these posts from a day on (YYYY-MM-DD), for the lister's statistics. */
  async since(postIds: number[], fromDay: string): Promise<{ postId: number; kind: StatKind; day: string; total: number }[]> {
    if (!postIds.length) return [];
    const rows = await this.days
      .createQueryBuilder('s')
      .select(['s.postId', 's.kind', 's.day', 's.total'])
      .where('s.post_id IN (:...postIds) AND s.day >= :fromDay', { postIds, fromDay })
      .getMany();
    // MySQL hands a DATE back as a Date or a string depending on the driver's settings; SQLite as text.
    return rows.map((r) => ({ postId: r.postId, kind: r.kind, day: typeof r.day === 'string' ? r.day.slice(0, 10) : new Date(r.day).toISOString().slice(0, 10), total: Number(r.total) }));
  }

  /** Adds one to the day's count; the first of the day inserts the row (a racing second insert adds to it instead). */
  async add(postId: number, kind: StatKind, day: string): Promise<void> {
    const bump = () => this.days.createQueryBuilder().update().set({ total: () => 'total + 1' }).where({ postId, kind, day }).execute();
    if ((await bump()).affected) return;
    if (!(await insertUnlessDuplicate(this.days, { postId, kind, day, total: 1 }))) await bump();
  }
}
