import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StatEntity, StatKind } from './stat.entity';

@Injectable()
export class StatsRepository {
  constructor(@InjectRepository(StatEntity) private readonly stats: Repository<StatEntity>) {}

  async add(postId: number, kind: StatKind): Promise<void> {
    await this.stats.insert({ postId, kind });
  }
}
