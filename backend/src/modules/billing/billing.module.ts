import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLeases } from '../../database/job-leases';
import { StripeGateway } from '../../infra/payments/stripe.gateway';
import { PostEntity } from '../posts/post.entity';
import { AuditModule } from '../admin/audit/audit.module';
import { UsersModule } from '../users/users.module';
import { AdminFreeForLifeController, AdminSubscriptionsController, BillingAdminController } from './billing-admin.controller';
import { AdminFreeForLifeApplications, AdminSubscriptions, BillingAdminService } from './billing-admin.service';
import { BillingHistoryEntity } from './billing-history.entity';
import { BillingStateReader } from './billing-state';
import { BillingClock } from './billing.clock';
import { BillingController, SubscriptionController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { FreeForLifeApplicationEntity } from './free-for-life-application.entity';
import { FreeForLifeService } from './free-for-life.service';
import { PublishPolicy } from './publish-policy';
import { StripeEventEntity } from './stripe-event.entity';
import { SubscriptionEntity } from './subscription.entity';
import { TrialReminders } from './trial-reminders';
import { UnpaidGrace } from './unpaid-grace';

/**
 * Plans, subscriptions (Stripe through StripeGateway), free for life, and whether a lister may publish. Billing never
 * imports the posts module: posts asks it (PublishPolicy); billing unpublishes through its own query on the posts table.
 * The auth module reads the billing state for GET /api/me/ through BillingStateReader.
 */
@Module({
  imports: [UsersModule, AuditModule, TypeOrmModule.forFeature([SubscriptionEntity, StripeEventEntity, FreeForLifeApplicationEntity, BillingHistoryEntity, PostEntity])],
  controllers: [BillingController, SubscriptionController, AdminSubscriptionsController, AdminFreeForLifeController, BillingAdminController],
  providers: [PublishPolicy, BillingRepository, BillingStateReader, BillingService, FreeForLifeService, AdminSubscriptions, AdminFreeForLifeApplications, BillingAdminService, TrialReminders, UnpaidGrace, BillingClock, StripeGateway, JobLeases],
  exports: [PublishPolicy, BillingStateReader, BillingService, BillingClock, TrialReminders, UnpaidGrace],
})
export class BillingModule {}
