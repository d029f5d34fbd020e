import { Entity, PrimaryColumn } from 'typeorm';

/**
 * "This happened today" for a scope and subject (an address viewed a post, a copy went to an address). The primary
 * key lets only the first of racing requests in; the subject is a keyed hash, and rows go once their day is over.
 */
@Entity('daily_marks')
export class DailyMarkEntity {
  /** YYYY-MM-DD (UTC) */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 60 })
  scope!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  subject!: string;
}
