import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Viewer } from '../../../common/viewer';
import { DataVersion } from '../../data-version/data-version';
import { UserEntity } from '../../users/user.entity';
import { AuditEntryEntity } from './audit-entry.entity';

export interface AuditChange {
  action: string;
  resource: string;
  recordId: number | string;
  /** The record's admin row before the change (null when created) and after it (null when deleted). */
  before: object | null;
  after: object | null;
}

/** Records who changed what; the lead wires billing's refund/approve/refuse through `record` at merge time. */
@Injectable()
export class AuditService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly version: DataVersion,
  ) {}

  /** Writes one audit row, inside the caller's transaction when given its manager. */
  async record(viewer: Viewer, change: AuditChange, manager: EntityManager = this.ds.manager): Promise<void> {
    const admin = await manager.findOneBy(UserEntity, { id: viewer.userId });
    await manager.insert(AuditEntryEntity, {
      adminId: viewer.userId,
      adminEmail: admin?.email ?? '',
      action: change.action,
      resource: change.resource,
      recordId: String(change.recordId),
      before: change.before ? JSON.stringify(change.before) : null,
      after: change.after ? JSON.stringify(change.after) : null,
    });
  }

  /**
   * Runs an admin change and its audit row in one transaction: `change` answers the record's rows before and after
   * (and the answer to send), so a change is never stored without its record, nor recorded without being stored.
   * `publicData`: the change is one visitors see (a listing, a category, an article), so it moves the data version in
   * the same transaction.
   */
  async change<T extends object>(
    viewer: Viewer,
    what: { action: string; resource: string; recordId: number | string; publicData?: boolean },
    change: (manager: EntityManager) => Promise<{ before: object | null; after: T | null; answer?: T }>,
  ): Promise<T> {
    return this.ds.transaction(async (manager) => {
      const { before, after, answer } = await change(manager);
      const { publicData, ...recorded } = what;
      await this.record(viewer, { ...recorded, before, after }, manager);
      if (publicData) await this.version.bump(manager);
      return (answer ?? after ?? before) as T;
    });
  }
}
