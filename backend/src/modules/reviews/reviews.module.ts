import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostsModule } from '../posts/posts.module';
import { TaxonomyModule } from '../taxonomy/taxonomy.module';
import { ListerReviewsService } from './lister-reviews.service';
import { ReviewInvitationEntity, ReviewTokenEntity } from './review-invitation.entity';
import { ReviewInvitations } from './review-invitations';
import { ReviewRelease } from './review-release';
import { ReviewEntity } from './review.entity';
import { ReviewClock } from './review.clock';
import { ReviewFigures } from './review-figures';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';
import { JobLeases } from '../../database/job-leases';

/**
 * Verified reviews (docs/reviews.md): invitations made with each enquiry and mailed when due, the reviews and their
 * holds, the lister's replies and reports. Exports the invitations (the enquiries module makes them) and what the
 * admin app's resource needs.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ReviewEntity, ReviewInvitationEntity, ReviewTokenEntity]), PostsModule, TaxonomyModule],
  controllers: [ReviewsController],
  providers: [ReviewsRepository, ReviewsService, ListerReviewsService, ReviewInvitations, ReviewRelease, ReviewFigures, ReviewClock, JobLeases],
  exports: [ReviewInvitations, ReviewFigures, ReviewsRepository, ReviewClock],
})
export class ReviewsModule {}
