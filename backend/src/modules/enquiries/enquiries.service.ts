import { EnquiriesErrorCode, EnquiryFormTokenDto, SuccessDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { DailyMarks } from '../../infra/daily-marks';
import { MailService } from '../../infra/mail/mail.service';
import { RateLimiter } from '../../infra/rate-limiter';
import { PostsService } from '../posts/posts.service';
import { ReviewInvitations } from '../reviews/review-invitations';
import { StatsService } from '../stats/stats.service';
import { UsersRepository } from '../users/users.repository';
import type { EnquiryDto } from './dto/enquiry.dto';
import { EnquiriesException } from './enquiries.exception';
import { listerMail, visitorCopyMail } from './enquiries.messages';
import { EnquiriesRepository } from './enquiries.repository';
import { FormTokens } from './form-tokens';

/** People take at least this long to fill in the form; faster submissions are bots. */
export const MIN_FILL_MS = 3000;
/** A form handed out longer ago than this must be reloaded. */
const FORM_MAX_AGE_MS = 24 * 60 * 60_000;
export const ENQUIRIES_PER_HOUR = 5;
/** Copies sent to one visitor address a day (UTC); later enquiries still reach the lister, without a copy. */
const COPIES_PER_DAY = 3;

@Injectable()
export class EnquiriesService {
  constructor(
    private readonly enquiries: EnquiriesRepository,
    private readonly posts: PostsService,
    private readonly users: UsersRepository,
    private readonly stats: StatsService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly formTokens: FormTokens,
    private readonly marks: DailyMarks,
    private readonly invitations: ReviewInvitations,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** A signed start time for an enquiry form (the site renders it with the form). */
  formToken(): EnquiryFormTokenDto {
    return { token: this.formTokens.issue() };
  }

  /**
   * Stores the enquiry first (with the invitation to review it, mailed when due), then queues the lister's email and a short acknowledgement to the visitor in the outbox
   * (delivered and retried there), and counts it for the lister's statistics. Bots (honeypot filled, or sent sooner
   * after the form was handed out than a person can fill it in) get the same answer as people but nothing is stored
   * or sent.
   */
  async send(dto: EnquiryDto, address: string): Promise<SuccessDto> {
    const age = Date.now() - this.formIssuedAt(dto.formToken);
    if (dto.website || age < MIN_FILL_MS) return { message: 'success' };
    await this.limiter.attempt([{ scope: 'enquiry-ip', subject: address, max: ENQUIRIES_PER_HOUR, windowMs: 60 * 60_000 }], () =>
      new EnquiriesException(EnquiriesErrorCode.TooManyEnquiries),
    );
    const post = await this.posts.findVisible(dto.postId, null, 'postId');
    const enquiry = await this.enquiries.save({
      postId: post.id,
      name: dto.name,
      email: dto.email,
      phone: dto.phone || null,
      eventDate: dto.eventDate || null,
      venue: dto.venue ?? '',
      message: dto.message,
    });
    await this.stats.enquiry(post.id);
    // Made now, so the invitation to review outlives the enquiry should the lister delete it from the inbox.
    await this.invitations.schedule(enquiry);

    const owner = post.ownerId ? await this.users.findById(post.ownerId) : null;
    // Listings without an owner account are answered by the site's own team.
    const listerMailId = await this.mail.queue({ to: owner?.email ?? this.config.contact.email, ...listerMail(this.config, post.title, dto) });
    await this.enquiries.linkListerMail(enquiry.id, listerMailId);
    // Anyone can type any address here, so the copy goes to one address only a few times a day.
    if (await this.marks.takePlace('enquiry-copy', dto.email, COPIES_PER_DAY)) {
      await this.mail.queue({ to: dto.email, ...visitorCopyMail(this.config, post.title) });
    }
    return { message: 'success' };
  }

  /** When the form was handed out; a token this API did not sign, or too old, is refused naming the field. */
  private formIssuedAt(token: string): number {
    const issuedAt = this.formTokens.issuedAt(token);
    if (issuedAt === null) throw new EnquiriesException(EnquiriesErrorCode.InvalidFormToken, { field: 'formToken' });
    if (Date.now() - issuedAt > FORM_MAX_AGE_MS) throw new EnquiriesException(EnquiriesErrorCode.FormExpired, { field: 'formToken' });
    return issuedAt;
  }
}
