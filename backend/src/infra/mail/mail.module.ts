import { Global, Module } from '@nestjs/common';
import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/configuration';
import { APP_CONFIG } from '../../config/config.module';
import { MailOutboxEntity } from './mail-outbox.entity';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailService } from './mail.service';
import { MailerAdapter, smtpTransport } from './mailer.adapter';

@Global()
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailerOptions => ({ transport: smtpTransport(config.mail.smtpUrl) }),
    }),
    TypeOrmModule.forFeature([MailOutboxEntity]),
  ],
  providers: [MailerAdapter, MailOutboxRepository, MailService],
  exports: [MailService],
})
export class MailModule {}
