import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { insertUnlessDuplicate } from '../../database/duplicate-key';
import { CrosfhocalEntryEntity } from './crosfhocal-entry.entity';

@Injectable()
export class CrosfhocalRepository {
  constructor(@InjectRepository(CrosfhocalEntryEntity) private readonly entries: Repository<CrosfhocalEntryEntity>) {}

  /**
   * Stores an entry; false when its email has entered already. The unique index decides, also between racing
   * entries; any other database error is thrown as it is.
   */
  async insert(entry: Omit<CrosfhocalEntryEntity, 'id' | 'createdAt'>): Promise<boolean> {
    return insertUnlessDuplicate(this.entries, entry);
  }
}
