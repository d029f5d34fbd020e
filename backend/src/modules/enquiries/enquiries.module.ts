import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DailyMarksModule } from '../../infra/daily-marks.module';
import { PostsModule } from '../posts/posts.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { StatsModule } from '../stats/stats.module';
import { UsersModule } from '../users/users.module';
import { EnquiriesController } from './enquiries.controller';
import { EnquiriesRepository } from './enquiries.repository';
import { EnquiriesService } from './enquiries.service';
import { EnquiryEntity } from './enquiry.entity';
import { FormTokens } from './form-tokens';
import { InboxService } from './inbox.service';

@Module({
  imports: [TypeOrmModule.forFeature([EnquiryEntity]), DailyMarksModule, PostsModule, ReviewsModule, StatsModule, UsersModule],
  controllers: [EnquiriesController],
  providers: [EnquiriesRepository, EnquiriesService, FormTokens, InboxService],
})
export class EnquiriesModule {}
