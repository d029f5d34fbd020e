import { InboxEnquiryDto, PanelErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { PanelException } from '../../common/domain.exception';
import { Page } from '../../common/page';
import { isAdmin, Viewer } from '../../common/viewer';
import { EnquiriesRepository } from './enquiries.repository';
import type { EnquiryEntity } from './enquiry.entity';
import { mapInboxEnquiry } from './inbox.mapper';
import { ReviewInvitations } from '../reviews/review-invitations';

export const INBOX_PAGE_SIZE = 20;

/** The enquiries to a member's listings: paged, newest first, read or unread, deletable. */
@Injectable()
export class InboxService {
  constructor(
    private readonly enquiries: EnquiriesRepository,
    private readonly invitations: ReviewInvitations,
  ) {}

  async list(viewer: Viewer, page = 0): Promise<Page<InboxEnquiryDto>> {
    const { rows, total } = await this.enquiries.inbox(viewer.userId, page * INBOX_PAGE_SIZE, INBOX_PAGE_SIZE);
    return new Page(rows.map(mapInboxEnquiry), total);
  }

  async markRead(id: number, read: boolean, viewer: Viewer): Promise<InboxEnquiryDto> {
    const enquiry = await this.owned(id, viewer);
    // Marking read again keeps the first moment it was read.
    if (read !== (enquiry.readAt !== null)) await this.enquiries.setRead(id, read ? new Date() : null);
    return mapInboxEnquiry((await this.enquiries.findWithPost(id))!);
  }

  /** Marks the enquiry booked (or not): the review form then asks the enquirer "Did you book?". */
  async markBooked(id: number, booked: boolean, viewer: Viewer): Promise<InboxEnquiryDto> {
    const enquiry = await this.owned(id, viewer);
    if (booked !== (enquiry.bookedAt !== null)) {
      await this.enquiries.setBooked(id, booked ? new Date() : null);
      await this.invitations.listerBooked(id, booked);
    }
    return mapInboxEnquiry((await this.enquiries.findWithPost(id))!);
  }

  async remove(id: number, viewer: Viewer): Promise<void> {
    await this.owned(id, viewer);
    await this.enquiries.delete(id);
  }

  /** An enquiry to one of the viewer's posts (any, for an admin); a 404 otherwise, as for one that does not exist. */
  private async owned(id: number, viewer: Viewer): Promise<EnquiryEntity> {
    const enquiry = await this.enquiries.findWithPost(id);
    if (!enquiry || !(isAdmin(viewer) || enquiry.post?.ownerId === viewer.userId)) throw new PanelException(PanelErrorCode.EnquiryNotFound, { field: 'id', values: [id] });
    return enquiry;
  }
}
