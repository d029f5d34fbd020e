import type { InboxEnquiryDto } from '@directory/domain';
import type { EnquiryEntity } from './enquiry.entity';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(`${String(d).replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(String(d)) ? '' : 'Z'}`)).toISOString();
const day = (d: string | Date | null) => (d === null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** An enquiry as the lister's inbox shows it (the post loaded with it). */
export const mapInboxEnquiry = (e: EnquiryEntity): InboxEnquiryDto => ({
  id: e.id,
  post_id: e.postId,
  post_title: e.post?.title ?? '',
  post_slug: e.post?.slug ?? '',
  name: e.name,
  email: e.email,
  phone: e.phone,
  event_date: day(e.eventDate),
  venue: e.venue,
  message: e.message,
  created_at: iso(e.createdAt),
  read: e.readAt !== null,
  booked: e.bookedAt !== null,
});
