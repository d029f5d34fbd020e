import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntryEntity } from './audit-entry.entity';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The audit log on its own, so modules with admin actions of their own (billing) record them without the back office. */
@Module({ imports: [TypeOrmModule.forFeature([AuditEntryEntity])], controllers: [AuditController], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
