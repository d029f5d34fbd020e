import { Controller, Get, Param, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IdParamDto } from '../../../common/id-param.dto';
import { Roles } from '../../../common/roles.guard';
import { SimpleRestQueryDto } from '../../../common/simple-rest';
import { findOr404, listPage, ResourceSpec } from '../admin-list';
import { AuditEntryEntity } from './audit-entry.entity';

const SPEC: ResourceSpec = {
  resource: 'audit-log',
  alias: 'a',
  columns: { id: 'id', admin_id: 'admin_id', action: 'action', resource: 'resource', record_id: 'record_id', created_at: 'created_at' },
  defaultSort: { field: 'id', order: 'DESC' },
  search: ['admin_email', 'resource', 'record_id'],
};

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export const mapAuditEntry = (a: AuditEntryEntity) => ({
  id: a.id,
  admin_id: a.adminId,
  admin_email: a.adminEmail,
  action: a.action,
  resource: a.resource,
  record_id: a.recordId,
  before: parse(a.before),
  after: parse(a.after),
  created_at: a.createdAt,
});

/** The audit log, read-only: nobody edits the record of what admins did. */
@Controller('api/admin/audit-log')
@Roles('admin')
export class AuditController {
  constructor(@InjectRepository(AuditEntryEntity) private readonly entries: Repository<AuditEntryEntity>) {}

  @Get()
  list(@Query() query: SimpleRestQueryDto) {
    return listPage(this.entries, SPEC, query, mapAuditEntry);
  }

  @Get(':id')
  async one(@Param() { id }: IdParamDto) {
    return mapAuditEntry(await findOr404(this.entries, 'audit-log', id));
  }
}
