import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { BillingController } from './billing.controller';
import { PublishPolicy } from './publish-policy';

/** Plans, and whether a lister may publish. Billing never imports the posts module: posts asks it (PublishPolicy). */
@Module({ imports: [UsersModule], controllers: [BillingController], providers: [PublishPolicy], exports: [PublishPolicy] })
export class BillingModule {}
