import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutboxEntity } from './mail-outbox.entity';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailService } from './mail.service';
import { MailerAdapter } from './mailer.adapter';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntity])],
  providers: [MailerAdapter, MailOutboxRepository, MailService],
  exports: [MailService],
})
export class MailModule {}
