import { Module } from '@nestjs/common';
import { JobLeases } from '../../database/job-leases';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { PostsModule } from '../posts/posts.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountController } from './account.controller';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';
import { PendingAccountPruner } from './pending-account-pruner';
import { UsersModule } from './users.module';

/** The member's own account in the control panel, the account deletion the admin app uses too, and the pruning of sign-ups never confirmed. */
@Module({
  imports: [UsersModule, AuthModule, PostsModule, BillingModule],
  controllers: [AccountController],
  providers: [AccountService, AccountRepository, AccountDeletionService, PendingAccountPruner, JobLeases],
  exports: [AccountDeletionService],
})
export class AccountModule {}
