import type { SuccessDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { MailService } from '../../infra/mail/mail.service';
import { RateLimiter } from '../../infra/rate-limiter';
import { PostsService } from '../posts/posts.service';
import { StatsRepository } from '../stats/stats.repository';
import { UsersRepository } from '../users/users.repository';
import type { EnquiryDto } from './dto/enquiry.dto';
import { EnquiriesRepository } from './enquiries.repository';

/** People take at least this long to fill in the form; faster submissions are bots. */
export const MIN_FILL_MS = 3000;
export const ENQUIRIES_PER_HOUR = 5;

@Injectable()
export class EnquiriesService {
  constructor(
    private readonly enquiries: EnquiriesRepository,
    private readonly posts: PostsService,
    private readonly users: UsersRepository,
    private readonly stats: StatsRepository,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /**
   * Stores the enquiry first, then queues the lister's email and the visitor's copy in the outbox (delivered and
   * retried there), and counts it for the lister's statistics. Bots (honeypot filled, or too fast) get the same
   * answer as people but nothing is stored or sent.
   */
  async send(dto: EnquiryDto, address: string): Promise<SuccessDto> {
    if (dto.website || dto.elapsedMs < MIN_FILL_MS) return { message: 'success' };
    await this.limiter.check('enquiry-ip', address, ENQUIRIES_PER_HOUR, 60 * 60_000, 'You have sent several enquiries already. Please try again in an hour.');
    const { post, ownerId } = await this.posts.findPublic(dto.postId);
    await this.limiter.record('enquiry-ip', address);
    const enquiry = await this.enquiries.save({
      postId: post.id,
      name: dto.name,
      email: dto.email,
      phone: dto.phone || null,
      eventDate: dto.eventDate || null,
      venue: dto.venue ?? '',
      message: dto.message,
    });
    await this.stats.add(post.id, 'enquiry');

    const owner = ownerId ? await this.users.findById(ownerId) : null;
    const details = [
      `Name: ${dto.name}`,
      `Email: ${dto.email}`,
      dto.phone ? `Phone: ${dto.phone}` : null,
      dto.eventDate ? `Event date: ${dto.eventDate}` : null,
      dto.venue ? `Venue / county: ${dto.venue}` : null,
      '',
      dto.message,
    ]
      .filter((l) => l !== null)
      .join('\n');
    const listerMailId = await this.mail.queue({
      // Listings without an owner account are answered by the site's own team.
      to: owner?.email ?? this.config.contact.email,
      subject: `New enquiry for ${post.title}`,
      text: `You have a new enquiry through ${this.config.siteName}.\n\n${details}\n\nReply to ${dto.email} to answer.\n`,
    });
    await this.enquiries.linkListerMail(enquiry.id, listerMailId);
    await this.mail.queue({
      to: dto.email,
      subject: `Your enquiry to ${post.title}`,
      text: `Thank you for your enquiry through ${this.config.siteName}. This is your copy; ${post.title} will reply to you directly.\n\n${details}\n`,
    });
    return { message: 'success' };
  }

  /** Counts a profile view. */
  async view(postId: number): Promise<void> {
    await this.posts.findPublic(postId);
    await this.stats.add(postId, 'view');
  }
}
