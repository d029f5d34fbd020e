import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isDuplicateKey } from './duplicate-key';
import { JobLockEntity } from './job-lock.entity';

/**
 * Leases on scheduled jobs, so that of several API processes on one database one runs a job at a time: a row in
 * job_locks taken by one conditional UPDATE, which works on MySQL/MariaDB and SQLite alike. A process that dies
 * holding a lease frees it when the lease runs out.
 */
/** Longer than a run of any job takes; a process that dies holding the lease frees it when it runs out. */
export const JOB_LEASE_MS = 10 * 60_000;

@Injectable()
export class JobLeases {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Takes the named job's lease until `until` (the row is made on first use): exactly one caller gets true until it runs out or is released. */
  async take(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const locks = this.ds.getRepository(JobLockEntity);
    try {
      await locks.insert({ name, holder: null, leasedUntil: null });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const { affected } = await locks
      .createQueryBuilder()
      .update()
      .set({ holder, leasedUntil: until })
      .where('name = :name AND (leased_until IS NULL OR leased_until < :now)', { name, now })
      .execute();
    return affected === 1;
  }

  /**
   * Runs `work` holding the named job's lease (JOB_LEASE_MS from `now`) and releases it after, even when the work
   * fails; answers `idle` at once when another process holds it.
   */
  async underLease<T>(name: string, holder: string, now: Date, idle: T, work: () => Promise<T>): Promise<T> {
    if (!(await this.take(name, holder, now, new Date(now.getTime() + JOB_LEASE_MS)))) return idle;
    try {
      return await work();
    } finally {
      await this.release(name, holder);
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await this.ds.getRepository(JobLockEntity).createQueryBuilder().update().set({ holder: null, leasedUntil: null }).where('name = :name AND holder = :holder', { name, holder }).execute();
  }
}

/**
 * A scheduled job's tick: runs it, logs what it did when `report` words it (null: nothing worth a line), and logs a
 * failure as a warning ("{title} failed: ..."), so the scheduler never sees a throw and the next tick tries again.
 */
export async function tickLogged<T>(log: Logger, title: string, run: () => Promise<T>, report: (result: T) => string | null = () => null): Promise<void> {
  try {
    const line = report(await run());
    if (line) log.log(line);
  } catch (err) {
    log.warn(`${title} failed: ${(err as Error).message}`);
  }
}
