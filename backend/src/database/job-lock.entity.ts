import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A scheduled job's lease (JobLeases): the process whose conditional UPDATE took it runs the job; works on MySQL and SQLite alike. */
@Entity('job_locks')
export class JobLockEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  holder!: string | null;

  @Column({ name: 'leased_until', type: 'datetime', nullable: true })
  leasedUntil!: Date | null;
}
