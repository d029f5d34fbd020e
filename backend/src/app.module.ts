import { DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from './infra/mail/mail.module';
import { RateLimitModule } from './infra/rate-limit.module';
import type { AppConfig } from './config/configuration';
import { ConfigModule } from './config/config.module';
import { ReplicaReadsInterceptor, usesReplicas } from './common/replica-reads';
import { dataSourceOptions } from './database/data-source';
import { RoutedDataSource } from './database/read-routing';
import { AdminModule } from './modules/admin/admin.module';
import { ArticlesModule } from './modules/articles/articles.module';
import { AuthModule } from './modules/auth/auth.module';
import { BillingModule } from './modules/billing/billing.module';
import { ContactModule } from './modules/contact/contact.module';
import { DataVersionModule } from './modules/data-version/data-version.module';
import { CrosfhocalModule } from './modules/crosfhocal/crosfhocal.module';
import { EnquiriesModule } from './modules/enquiries/enquiries.module';
import { HealthModule } from './modules/health/health.module';
import { MediaModule } from './modules/media/media.module';
import { RepertoireModule } from './modules/repertoire/repertoire.module';
import { PostsModule } from './modules/posts/posts.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { StatsModule } from './modules/stats/stats.module';
import { StorageModule } from './modules/storage/storage.module';
import { TaxonomyModule } from './modules/taxonomy/taxonomy.module';
import { UsersModule } from './modules/users/users.module';
import { AccountModule } from './modules/users/account.module';
import { followsStandInClock, StandInClockModule } from './modules/billing/stand-in-clock';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // The DataSource that routes anonymous public reads to the read replicas, when there are any (read-routing.ts).
        TypeOrmModule.forRootAsync({ useFactory: () => dataSourceOptions(config.database), dataSourceFactory: async (options) => new RoutedDataSource(options!) }),
        ScheduleModule.forRoot(),
        DataVersionModule,
        MailModule,
        RateLimitModule,
        AuthModule,
        UsersModule,
        TaxonomyModule,
        PostsModule,
        ArticlesModule,
        MediaModule,
        RepertoireModule,
        StorageModule,
        StatsModule,
        CalendarModule,
        EnquiriesModule,
        ReviewsModule,
        ContactModule,
        CrosfhocalModule,
        BillingModule,
        HealthModule,
        AdminModule,
        AccountModule,
        // Development with the Stripe stand-in: the billing clock follows the stand-in's (dev/stand-in-clock.ts).
        ...(followsStandInClock(config) ? [StandInClockModule] : []),
      ],
      // Only with read replicas: a route without interceptors skips Nest's interceptor chain (rxjs) altogether. Lists
      // (Page, SimpleRestPage) are sent by the adapter (common/api-adapter.ts).
      providers: usesReplicas(config) ? [{ provide: APP_INTERCEPTOR, useClass: ReplicaReadsInterceptor }] : [],
    };
  }
}
