import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { InjectConfig } from '../config/config.module';
import { insertUnlessDuplicate } from '../database/duplicate-key';
import { DailyMarkEntity } from './daily-mark.entity';
import { KeyedMac } from './keyed-mac';

/** Today, as the day marks count it (UTC). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Once-a-day facts shared by every API process, decided by the database's primary key so that parallel requests
 * cannot both pass: "the first view from this address today", "one of the 3 copies to this address today".
 */
@Injectable()
export class DailyMarks {
  private readonly subjects: KeyedMac;

  constructor(
    @InjectRepository(DailyMarkEntity) private readonly marks: Repository<DailyMarkEntity>,
    @InjectConfig() config: AppConfig,
  ) {
    this.subjects = new KeyedMac(config.jwt.secret, 'daily-marks');
  }

  /** True for the first call today with this scope and subject, false for every later one. */
  async first(scope: string, subject: string): Promise<boolean> {
    return insertUnlessDuplicate(this.marks, { day: today(), scope, subject: this.subjects.of(subject) });
  }

  /** Takes one of `places` places for today; false once all are taken. */
  async takePlace(scope: string, subject: string, places: number): Promise<boolean> {
    for (let place = 1; place <= places; place++) if (await this.first(scope, `${place}:${subject}`)) return true;
    return false;
  }

  /** Hourly: marks of past days are no longer needed. */
  @Interval(60 * 60_000)
  async prune(): Promise<void> {
    await this.marks.delete({ day: LessThan(today()) });
  }
}

