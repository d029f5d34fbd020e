import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { DataVersionEntity } from './data-version.entity';

const ROW = 1;

/**
 * The public data's version. Every write that changes what an anonymous visitor can see (a listing, its media, a
 * category, a county, an article) calls bump() with the EntityManager of its own transaction, so the version moves
 * exactly when that write commits and never before: a cache keyed by the version can then never keep an answer
 * built from data older than the version it is filed under.
 */
@Injectable()
export class DataVersion {
  constructor(@InjectRepository(DataVersionEntity) private readonly rows: Repository<DataVersionEntity>) {}

  async current(): Promise<string> {
    const row = await this.rows.findOneBy({ id: ROW });
    return String(row?.version ?? '0');
  }

  /** Moves the version on inside the caller's transaction (or on its own when given the default manager). */
  async bump(manager: EntityManager = this.rows.manager): Promise<void> {
    await manager.createQueryBuilder().update(DataVersionEntity).set({ version: () => 'version + 1' }).where('id = :id', { id: ROW }).execute();
  }
}
