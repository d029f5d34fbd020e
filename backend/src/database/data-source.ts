import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { JobLockEntity } from './job-lock.entity';
import { RoutedDataSource } from './read-routing';
import type { DatabaseConfig } from '../config/configuration';
import { ArticleEntity } from '../modules/articles/article.entity';
import { EnquiryEntity } from '../modules/enquiries/enquiry.entity';
import { AudioEntity } from '../modules/media/audio.entity';
import { VideoEntity } from '../modules/media/video.entity';
import { PieceEntity } from '../modules/repertoire/piece.entity';
import { PostPieceEntity } from '../modules/repertoire/post-piece.entity';
import { PostEntity } from '../modules/posts/post.entity';
import { StatDayEntity } from '../modules/stats/stat-day.entity';
import { CategoryEntity } from '../modules/taxonomy/category.entity';
import { CountyEntity } from '../modules/taxonomy/county.entity';
import { UserEntity } from '../modules/users/user.entity';
import { InitialSchema1763800000000 } from './migrations/1763800000000-InitialSchema';
import { Accounts1763900000000 } from './migrations/1763900000000-Accounts';
import { ContactAndCrosfhocal1764000000000 } from './migrations/1764000000000-ContactAndCrosfhocal';
import { SessionFamilies1764100000000 } from './migrations/1764100000000-SessionFamilies';
import { OutboxLeasesAndDailyStats1764200000000 } from './migrations/1764200000000-OutboxLeasesAndDailyStats';
import { FreeForLife1764300000000 } from './migrations/1764300000000-FreeForLife';
import { ControlPanel1764400000000 } from './migrations/1764400000000-ControlPanel';
import { Billing1764500000000 } from './migrations/1764500000000-Billing';
import { SubscriptionEntity } from '../modules/billing/subscription.entity';
import { StripeEventEntity } from '../modules/billing/stripe-event.entity';
import { FreeForLifeApplicationEntity } from '../modules/billing/free-for-life-application.entity';
import { ContactMessageEntity } from '../modules/contact/contact-message.entity';
import { CrosfhocalEntryEntity } from '../modules/crosfhocal/crosfhocal-entry.entity';
import { DailyMarkEntity } from '../infra/daily-mark.entity';
import { MailOutboxEntity } from '../infra/mail/mail-outbox.entity';
import { RateEventEntity } from '../infra/rate-event.entity';
import { PasswordResetEntity } from '../modules/auth/entities/password-reset.entity';
import { RefreshFamilyEntity } from '../modules/auth/entities/refresh-family.entity';
import { RefreshTokenEntity } from '../modules/auth/entities/refresh-token.entity';
import { SignupCodeEntity } from '../modules/auth/entities/signup-code.entity';
import { AuditEntryEntity } from '../modules/admin/audit/audit-entry.entity';
import { AdminAuditAndDisabled1764600000000 } from './migrations/1764600000000-AdminAuditAndDisabled';
import { DataVersion1764700000000 } from './migrations/1764700000000-DataVersion';
import { DataVersionEntity } from '../modules/data-version/data-version.entity';
import { PostListIndexes1764800000000 } from './migrations/1764800000000-PostListIndexes';
import { PostCounts1765400000000 } from './migrations/1765400000000-PostCounts';
import { PostCountsHidden1765800000000 } from './migrations/1765800000000-PostCountsHidden';
import { ImageVersions1765900000000 } from './migrations/1765900000000-ImageVersions';
import { EmailChangeUndos1766200000000 } from './migrations/1766200000000-EmailChangeUndos';
import { PriceDetails1766800000000 } from './migrations/1766800000000-PriceDetails';
import { Repertoire1766810000000 } from './migrations/1766810000000-Repertoire';
import { EmailChangeUndoEntity } from '../modules/users/email-change-undo.entity';
import { RefundRequests1766100000000 } from './migrations/1766100000000-RefundRequests';
import { BillingHistory1766110000000 } from './migrations/1766110000000-BillingHistory';
import { UnpaidGrace1766120000000 } from './migrations/1766120000000-UnpaidGrace';
import { BillingHistoryEntity } from '../modules/billing/billing-history.entity';
import { Calendars1766700000000 } from './migrations/1766700000000-Calendars';
import { CalendarEntity, CalendarFeedEntity, CalendarSlotEntity } from '../modules/calendar/calendar.entities';
import { Reviews1766600000000 } from './migrations/1766600000000-Reviews';
import { ReviewEntity } from '../modules/reviews/review.entity';
import { ReviewInvitationEntity, ReviewTokenEntity } from '../modules/reviews/review-invitation.entity';

export const ENTITIES = [
  PieceEntity,
  PostPieceEntity,
  CategoryEntity,
  CountyEntity,
  UserEntity,
  PostEntity,
  ArticleEntity,
  VideoEntity,
  AudioEntity,
  EnquiryEntity,
  StatDayEntity,
  SignupCodeEntity,
  RefreshTokenEntity,
  RefreshFamilyEntity,
  PasswordResetEntity,
  RateEventEntity,
  MailOutboxEntity,
  DailyMarkEntity,
  ContactMessageEntity,
  CrosfhocalEntryEntity,
  SubscriptionEntity,
  StripeEventEntity,
  FreeForLifeApplicationEntity,
  BillingHistoryEntity,
  JobLockEntity,
  AuditEntryEntity,
  DataVersionEntity,
  EmailChangeUndoEntity,
  CalendarEntity,
  CalendarSlotEntity,
  CalendarFeedEntity,
  ReviewInvitationEntity,
  ReviewTokenEntity,
  ReviewEntity,
];

/** Listed explicitly (not globbed) so the same list works from ts sources in tests and from dist/. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  Accounts1763900000000,
  ContactAndCrosfhocal1764000000000,
  SessionFamilies1764100000000,
  OutboxLeasesAndDailyStats1764200000000,
  FreeForLife1764300000000,
  ControlPanel1764400000000,
  Billing1764500000000,
  AdminAuditAndDisabled1764600000000,
  DataVersion1764700000000,
  PostListIndexes1764800000000,
  PostCounts1765400000000,
  PostCountsHidden1765800000000,
  ImageVersions1765900000000,
  RefundRequests1766100000000,
  BillingHistory1766110000000,
  UnpaidGrace1766120000000,
  EmailChangeUndos1766200000000,
  Reviews1766600000000,
  Calendars1766700000000,
  PriceDetails1766800000000,
  Repertoire1766810000000,
];

/** One schema, two engines: MySQL/MariaDB through mysql2, or an embedded SQLite file. Never synchronize. */
export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, synchronize: false, migrationsRun: false } as const;
  if (db.type === 'mysql') {
    const mysql = { ...common, type: 'mysql', charset: 'utf8mb4_unicode_ci', timezone: 'Z' } as const;
    if (!db.replicaUrls?.length) return { ...mysql, url: db.url };
    return {
      ...mysql,
      // Writes and transactions on the primary; plain reads too, unless read-routing.ts sends them to a replica.
      replication: {
        master: { url: db.url },
        slaves: db.replicaUrls.map((url) => ({ url })),
        defaultMode: 'master',
        // A replica that fails to connect 5 times rests 10 s, then is tried again (0 would drop it for good).
        restoreNodeTimeout: 10_000,
      },
    };
  }
  mkdirSync(dirname(db.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: db.path,
    // WAL lets the API read while a seed or migration writes.
    prepareDatabase: (d: { pragma: (s: string) => unknown }) => {
      d.pragma('journal_mode = WAL');
    },
  };
}

export function createDataSource(db: DatabaseConfig): DataSource {
  return new RoutedDataSource(dataSourceOptions(db));
}
