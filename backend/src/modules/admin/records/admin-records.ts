import { CROSFHOCAL_ANSWER_FIELDS } from '@directory/domain';
import { Get, Header } from '@nestjs/common';
import { ContactMessageEntity } from '../../contact/contact-message.entity';
import { CrosfhocalEntryEntity } from '../../crosfhocal/crosfhocal-entry.entity';
import { EnquiryEntity } from '../../enquiries/enquiry.entity';
import { ResourceSpec, sameNames } from '../admin-list';
import { AdminResource, SpecRows } from '../admin-resource';

/** What visitors sent: enquiries, contact messages and crossword entries, read-only in the back office. */

const ENQUIRIES: ResourceSpec = {
  resource: 'enquiries',
  alias: 'e',
  columns: sameNames('id', 'post_id', 'email', 'name', 'event_date', 'created_at'),
  search: ['name', 'email', 'message'],
};
const mapEnquiry = (e: EnquiryEntity) => ({
  id: e.id,
  post_id: e.postId,
  name: e.name,
  email: e.email,
  phone: e.phone,
  event_date: e.eventDate,
  venue: e.venue,
  message: e.message,
  lister_mail_id: e.listerMailId,
  created_at: e.createdAt,
});

const CONTACT: ResourceSpec = {
  resource: 'contact-messages',
  alias: 'c',
  columns: sameNames('id', 'email', 'first_name', 'last_name', 'created_at'),
  search: ['first_name', 'last_name', 'email', 'message'],
};
/** Who wrote in, as a contact message and a crossword entry both have it. */
const person = (p: { firstName: string; lastName: string; email: string }) => ({ first_name: p.firstName, last_name: p.lastName, email: p.email });

const mapContact = (c: ContactMessageEntity) => ({
  id: c.id,
  ...person(c),
  message: c.message,
  mail_id: c.mailId,
  created_at: c.createdAt,
});

const CROSSWORD: ResourceSpec = {
  resource: 'crossword-entries',
  alias: 'x',
  columns: sameNames('id', 'email', 'first_name', 'last_name', 'school', 'subscribe', 'created_at'),
  defaultSort: { field: 'id', order: 'ASC' },
  search: ['first_name', 'last_name', 'email', 'school'],
};
const mapEntry = (x: CrosfhocalEntryEntity) => ({
  id: x.id,
  ...person(x),
  school: x.school,
  subscribe: x.subscribe,
  ...Object.fromEntries(CROSFHOCAL_ANSWER_FIELDS.map((f) => [f, x[f]])),
  created_at: x.createdAt,
});

/** RFC 4180 quoting; a leading =, +, - or @ is defused so a spreadsheet never runs an entry as a formula. */
const csvCell = (v: unknown): string => {
  let s = v instanceof Date ? v.toISOString() : String(v ?? '');
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

@AdminResource({ spec: ENQUIRIES, entity: EnquiryEntity, row: mapEnquiry })
export class AdminEnquiriesController {}

@AdminResource({ spec: CONTACT, entity: ContactMessageEntity, row: mapContact })
export class AdminContactMessagesController {}

@AdminResource({ spec: CROSSWORD, entity: CrosfhocalEntryEntity, row: mapEntry })
export class AdminCrosswordEntriesController {
  declare readonly rows: SpecRows<CrosfhocalEntryEntity, ReturnType<typeof mapEntry>>;

  /** Every entry as CSV, oldest first, for marking the answers in a spreadsheet. */
  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="crossword-entries.csv"')
  @Header('Cache-Control', 'no-store')
  async csv(): Promise<string> {
    const rows = (await this.rows.repo.find({ order: { id: 'ASC' } })).map(mapEntry);
    const header = ['id', 'first_name', 'last_name', 'email', 'school', 'subscribe', ...CROSFHOCAL_ANSWER_FIELDS, 'created_at'];
    return [header.join(','), ...rows.map((r) => header.map((h) => csvCell((r as Record<string, unknown>)[h])).join(','))].join('\r\n') + '\r\n';
  }
}
