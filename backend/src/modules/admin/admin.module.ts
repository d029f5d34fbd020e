import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoverArtRenderer } from '../../infra/cover-art';
import { FileStore } from '../../infra/file-store';
import { MailOutboxEntity } from '../../infra/mail/mail-outbox.entity';
import { ArticleEntity } from '../articles/article.entity';
import { ContactMessageEntity } from '../contact/contact-message.entity';
import { CrosfhocalEntryEntity } from '../crosfhocal/crosfhocal-entry.entity';
import { EnquiryEntity } from '../enquiries/enquiry.entity';
import { PostEntity } from '../posts/post.entity';
import { CategoryEntity } from '../taxonomy/category.entity';
import { TaxonomyModule } from '../taxonomy/taxonomy.module';
import { UserEntity } from '../users/user.entity';
import { AccountModule } from '../users/account.module';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { AdminArticlesController, AdminArticlesService } from './articles/admin-articles';
import { AuditEntryEntity } from './audit/audit-entry.entity';
import { AuditModule } from './audit/audit.module';
import { AdminCategoriesController, AdminCategoriesService } from './categories/admin-categories';
import { AdminListingsController } from './listings/admin-listings.controller';
import { AdminListingsService } from './listings/admin-listings.service';
import { AdminMailOutboxController, AdminMailOutboxService } from './mail-outbox/admin-mail-outbox';
import { AdminContactMessagesController, AdminCrosswordEntriesController, AdminEnquiriesController } from './records/admin-records';
import { AdminReviewsController, AdminReviewsService } from './reviews/admin-reviews';
import { AdminStatsController, AdminStatsService } from './stats/admin-stats';
import { ReviewsModule } from '../reviews/reviews.module';
import { ReviewEntity } from '../reviews/review.entity';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';

/** The back office's API (/api/admin/...): admins only, in ra-data-simple-rest's dialect; every change audited. */
@Module({
  imports: [
    AuditModule,
    AccountModule,
    UsersModule,
    PostsModule,
    ReviewsModule,
    TaxonomyModule,
    TypeOrmModule.forFeature([AuditEntryEntity, UserEntity, PostEntity, CategoryEntity, ArticleEntity, EnquiryEntity, ContactMessageEntity, CrosfhocalEntryEntity, MailOutboxEntity, ReviewEntity]),
  ],
  controllers: [
    AdminUsersController,
    AdminListingsController,
    AdminCategoriesController,
    AdminArticlesController,
    AdminEnquiriesController,
    AdminContactMessagesController,
    AdminCrosswordEntriesController,
    AdminMailOutboxController,
    AdminReviewsController,
    AdminStatsController,
  ],
  providers: [CoverArtRenderer, FileStore, AdminUsersService, AdminListingsService, AdminCategoriesService, AdminArticlesService, AdminStatsService, AdminMailOutboxService, AdminReviewsService],
})
export class AdminModule {}
