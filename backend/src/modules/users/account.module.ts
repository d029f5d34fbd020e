import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { PostsModule } from '../posts/posts.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountController } from './account.controller';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';
import { UsersModule } from './users.module';

/** The member's own account in the control panel, and the account deletion the admin app uses too. */
@Module({
  imports: [UsersModule, AuthModule, PostsModule, BillingModule],
  controllers: [AccountController],
  providers: [AccountService, AccountRepository, AccountDeletionService],
  exports: [AccountDeletionService],
})
export class AccountModule {}
