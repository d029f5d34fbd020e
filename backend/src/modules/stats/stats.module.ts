import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StatEntity } from './stat.entity';
import { StatsRepository } from './stats.repository';

/** Profile views and enquiries, counted for the lister's statistics. */
@Module({
  imports: [TypeOrmModule.forFeature([StatEntity])],
  providers: [StatsRepository],
  exports: [StatsRepository],
})
export class StatsModule {}
