import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DailyMarksModule } from '../../infra/daily-marks.module';
import { PostsModule } from '../posts/posts.module';
import { StatDayEntity } from './stat-day.entity';
import { StatsController } from './stats.controller';
import { StatsRepository } from './stats.repository';
import { StatsService } from './stats.service';

/** Profile views and enquiries, counted per day for the lister's statistics. */
@Module({
  imports: [TypeOrmModule.forFeature([StatDayEntity]), DailyMarksModule, PostsModule],
  controllers: [StatsController],
  providers: [StatsRepository, StatsService],
  exports: [StatsService],
})
export class StatsModule {}
