import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { insertUnlessDuplicate } from '../../database/duplicate-key';
import { StatDayEntity, StatKind } from './stat-day.entity';

@Injectable()
export class StatsRepository {
  constructor(@InjectRepository(StatDayEntity) private readonly days: Repository<StatDayEntity>) {}

  /** Adds one to the day's count; the first of the day inserts the row (a racing second insert adds to it instead). */
  async add(postId: number, kind: StatKind, day: string): Promise<void> {
    const bump = () => this.days.createQueryBuilder().update().set({ total: () => 'total + 1' }).where({ postId, kind, day }).execute();
    if ((await bump()).affected) return;
    if (!(await insertUnlessDuplicate(this.days, { postId, kind, day, total: 1 }))) await bump();
  }
}
