import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLeases } from '../../database/job-leases';
import { PostsModule } from '../posts/posts.module';
import { CalendarEntity, CalendarFeedEntity, CalendarSlotEntity } from './calendar.entities';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';
import { FeedFetcher } from './feed-fetcher';
import { FeedSync } from './feed-sync';

/** Listings' availability: the lister's marks, their calendar feeds and the export; the search by date is the posts module's. */
@Module({
  imports: [TypeOrmModule.forFeature([CalendarEntity, CalendarSlotEntity, CalendarFeedEntity]), PostsModule],
  controllers: [CalendarController],
  providers: [CalendarRepository, CalendarService, FeedFetcher, FeedSync, JobLeases],
  exports: [CalendarService],
})
export class CalendarModule {}
