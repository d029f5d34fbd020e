import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, EntitySubscriberInterface, Repository, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { readingFromReplica } from '../../database/read-routing';
import { DataVersionEntity } from './data-version.entity';

const ROW = 1;
/** Marks a transaction's QueryRunner as having moved the version, so its commit makes this process read it again. */
const BUMPED = 'dataVersionBumped';

/**
 * The public data's version. Every write that changes what an anonymous visitor can see (a listing, its media, a
 * category, a county, an article) calls bump() with the EntityManager of its own transaction, so the version moves
 * exactly when that write commits and never before: a cache keyed by the version can then never keep an answer
 * built from data older than the version it is filed under.
 *
 * recent() is the version as this process last read it, read again at most every DATA_VERSION_CHECK_MS: the row is
 * the truth shared by every API process, and one primary-key read per interval instead of one per request keeps it off
 * the hot path. A bump made by this process is seen at once (its commit drops the remembered version); one made by
 * another process within the interval.
 */
@Injectable()
export class DataVersion implements EntitySubscriberInterface {
  private known: string | null = null;
  /** The highest version this process has read, however long ago. */
  private seen: string | null = null;
  private knownUntil = 0;
  private reading: Promise<string> | null = null;
  /** Moves when this process commits a bump: a read begun before it may have seen the old row and is not believed. */
  private generation = 0;

  constructor(
    @InjectRepository(DataVersionEntity) private readonly rows: Repository<DataVersionEntity>,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    // Told of every commit and rollback (TypeORM's subscribers), to drop the remembered version after a bump commits.
    rows.manager.connection.subscribers.push(this);
  }

  /**
   * The version in the database now (one read). With read replicas it is read where anonymous answers are read: a
   * replica applies the primary's transactions in order, so the data it serves afterwards is never older than the
   * version it gave, and no cache files an answer under a version newer than the answer's data. (With several
   * replicas, each read may go to another one: an answer can then lag by the replicas' difference until the next
   * change moves the version.)
   */
  async current(): Promise<string> {
    const row = await readingFromReplica(() => this.rows.findOneBy({ id: ROW }));
    return String(row?.version ?? '0');
  }

  /** The version as last read when that read is recent enough, else read now (parallel callers share one read). */
  recent(): Promise<string> {
    const fresh = this.fresh();
    if (fresh !== null) return Promise.resolve(fresh);
    if (this.reading) return this.reading;
    const generation = this.generation;
    const reading = this.current().then(
      (version) => {
        if (this.reading === reading) this.reading = null;
        if (this.seen === null || BigInt(version) > BigInt(this.seen)) this.seen = version;
        if (generation === this.generation && this.config.answerCache.versionCheckMs > 0) {
          this.known = version;
          this.knownUntil = Date.now() + this.config.answerCache.versionCheckMs;
        }
        return version;
      },
      (err: unknown) => {
        if (this.reading === reading) this.reading = null;
        throw err;
      },
    );
    this.reading = reading;
    return reading;
  }

  /**
   * The newest version this process has read, without reading again unless it never has: for the caches inside a
   * request (taxonomy, counts), which the answer cache's recent() at the request's start has brought up to date. A
   * request may ask them several times; each asking must not cost a query when DATA_VERSION_CHECK_MS is 0.
   */
  async latest(): Promise<string> {
    return this.seen ?? this.recent();
  }

  /** The remembered version if still believed, without waiting: the cache's fast path. */
  fresh(): string | null {
    return this.known !== null && Date.now() < this.knownUntil ? this.known : null;
  }

  /** Moves the version on inside the caller's transaction (or on its own when given the default manager). */
  async bump(manager: EntityManager = this.rows.manager): Promise<void> {
    await manager.createQueryBuilder().update(DataVersionEntity).set({ version: () => 'version + 1' }).where('id = :id', { id: ROW }).execute();
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) runner.data[BUMPED] = true;
    else this.forget();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A savepoint's release is not the commit: the outer transaction may still roll back.
    if (!event.queryRunner.data?.[BUMPED] || event.queryRunner.isTransactionActive) return;
    delete event.queryRunner.data[BUMPED];
    this.forget();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (event.queryRunner.data?.[BUMPED] && !event.queryRunner.isTransactionActive) delete event.queryRunner.data[BUMPED];
  }

  /** Forgets the remembered version, and any read under way, so the next recent() reads the row again. */
  private forget(): void {
    this.generation++;
    this.known = null;
    this.reading = null;
  }
}
