import { ResourceSpec, sameNames } from '../admin-list';
import { AdminResource } from '../admin-resource';
import { AuditEntryEntity } from './audit-entry.entity';

const SPEC: ResourceSpec = {
  resource: 'audit-log',
  alias: 'a',
  columns: sameNames('id', 'admin_id', 'action', 'resource', 'record_id', 'created_at'),
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
@AdminResource({ spec: SPEC, entity: AuditEntryEntity, row: mapAuditEntry })
export class AuditController {}
