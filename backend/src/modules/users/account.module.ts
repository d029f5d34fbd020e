import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLeases } from '../../database/job-leases';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { PostsModule } from '../posts/posts.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountController, EmailUndoController } from './account.controller';
import { EmailChangeUndoEntity } from './email-change-undo.entity';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';
import { PendingAccountPruner } from './pending-account-pruner';
import { UsersModule } from './users.module';

/** The member's own account in the control panel, the account deletion the admin app uses too, and the pruning of sign-ups never confirmed. */
@Module({
  imports: [UsersModule, AuthModule, PostsModule, BillingModule, TypeOrmModule.forFeature([EmailChangeUndoEntity])],
  controllers: [AccountController, EmailUndoController],
  providers: [AccountService, AccountRepository, AccountDeletionService, PendingAccountPruner, JobLeases],
  exports: [AccountDeletionService],
})
export class AccountModule {}
