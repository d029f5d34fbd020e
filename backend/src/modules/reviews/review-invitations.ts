import { REVIEW_RULES } from '@directory/domain';
import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { JobLeases, tickLogged } from '../../database/job-leases';
import { MailService } from '../../infra/mail/mail.service';
import { newToken, sha256 } from '../../infra/secrets';
import type { InvitationSkip, ReviewInvitationEntity } from './review-invitation.entity';
import { ReviewClock } from './review.clock';
import { reviewMail } from './reviews.messages';
import { ReviewsRepository } from './reviews.repository';

const JOB = 'review-invitations';
const DAY_MS = 86_400_000;
/** Invitations and reminders mailed per run at most: a backlog drains over a few runs without one long run. */
const BATCH = 500;

/** What the invitation needs of a stored enquiry. */
export interface InvitedEnquiry {
  id: number;
  postId: number;
  email: string;
  name: string;
  eventDate: string | null;
  createdAt: Date;
}

/**
 * When an enquiry's invitation falls due: the day after its event date (midnight UTC starting the next day), or 21
 * days after the enquiry without a date; never sooner than a day after the enquiry (an event date in the past).
 */
export function invitationDueAt(enquiry: Pick<InvitedEnquiry, 'eventDate' | 'createdAt'>): Date {
  const created = enquiry.createdAt.getTime();
  if (!enquiry.eventDate) return new Date(created + REVIEW_RULES.inviteDaysWithoutDate * DAY_MS);
  const [y, m, d] = enquiry.eventDate.slice(0, 10).split('-').map(Number);
  return new Date(Math.max(Date.UTC(y, m - 1, d) + REVIEW_RULES.inviteDaysAfterEvent * DAY_MS, created + DAY_MS));
}

/**
 * The invitations to review: one made with each enquiry, mailed when due with a reminder 3 and 7 days later while no
 * review is written. Hourly, one API process at a time (a lease in job_locks); each mail is counted by a conditional
 * update in the transaction that queues it in the outbox, so even two runs at once (a lease that ran out mid-run)
 * send each one once.
 */
@Injectable()
export class ReviewInvitations {
  private readonly log = new Logger(ReviewInvitations.name);
  private readonly holder = randomUUID();

  constructor(
    private readonly repo: ReviewsRepository,
    private readonly leases: JobLeases,
    private readonly mail: MailService,
    private readonly clock: ReviewClock,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Makes the invitation of a stored enquiry (the enquiries module calls it). */
  async schedule(enquiry: InvitedEnquiry): Promise<void> {
    // The stored row's stamp when the driver read it back; the moment of storing otherwise.
    const createdAt = enquiry.createdAt instanceof Date ? enquiry.createdAt : new Date();
    const dueAt = invitationDueAt({ eventDate: enquiry.eventDate, createdAt });
    await this.repo.addInvitation({ enquiryId: enquiry.id, postId: enquiry.postId, email: enquiry.email, name: enquiry.name, dueAt });
  }

  /** The lister marked the enquiry booked, or took the mark back: the review form asks "Did you book?" accordingly. */
  listerBooked(enquiryId: number, booked: boolean): Promise<void> {
    return this.repo.setListerBooked(enquiryId, booked);
  }

  @Cron('17 * * * *', { name: JOB })
  tick(): Promise<void> {
    return tickLogged(this.log, 'Review invitations', () => this.run(), ({ invited, reminded }) =>
      invited || reminded ? `Sent ${invited} review invitation(s) and ${reminded} reminder(s)` : null,
    );
  }

  /** Sends what is due; what this process sent (nothing when another process holds the job). */
  async run(): Promise<{ invited: number; reminded: number; skipped: number }> {
    const now = this.clock.now();
    return this.leases.underLease(JOB, this.holder, now, { invited: 0, reminded: 0, skipped: 0 }, async () => {
      const done = { invited: 0, reminded: 0, skipped: 0 };
      for (const invitation of await this.repo.dueInvitations(now, BATCH)) {
        const outcome = await this.send(invitation, now, 0);
        if (outcome === 'sent') done.invited++;
        else if (outcome === 'skipped') done.skipped++;
      }
      for (const invitation of await this.repo.dueReminders(now, BATCH)) {
        // A run that comes late sends one reminder for all that were due, and counts them all.
        const due = REVIEW_RULES.reminderDays.filter((days) => invitation.sentAt!.getTime() + days * DAY_MS <= now.getTime()).length;
        const outcome = await this.send(invitation, now, due);
        if (outcome === 'sent') done.reminded++;
        else if (outcome === 'skipped') done.skipped++;
      }
      return done;
    });
  }

  /**
   * Mails the invitation (reminder 0) or a reminder with a new link of its own, unless the listing is now hidden,
   * unpublished or without an owner, or the enquiry came from the lister's own address: then nothing is sent.
   */
  private async send(invitation: ReviewInvitationEntity, now: Date, reminder: number): Promise<'sent' | 'skipped' | 'raced'> {
    const why = await this.skipReason(invitation);
    // Before the first mail a skip closes the invitation for good; once its link is out, only this reminder is passed
    // over, so the link still writes a review should the listing come back.
    if (why && reminder === 0) return (await this.repo.skip(invitation.id, why, now)) ? 'skipped' : 'raced';
    if (why) return (await this.repo.transaction((m) => this.repo.markReminded(m, invitation.id, invitation.remindersSent, reminder))) ? 'skipped' : 'raced';
    const post = (await this.repo.post(invitation.postId))!;
    const token = newToken();
    const mailId = await this.repo.transaction(async (m) => {
      const counted = reminder === 0 ? await this.repo.markSent(m, invitation.id, now) : await this.repo.markReminded(m, invitation.id, invitation.remindersSent, reminder);
      if (!counted) return null;
      await this.repo.addToken(m, invitation.id, sha256(token));
      const expiresAt = reminder === 0 ? new Date(now.getTime() + REVIEW_RULES.invitationValidDays * DAY_MS) : invitation.expiresAt!;
      return this.mail.queueIn(m, { to: invitation.email, ...reviewMail.invitation(this.config, post.title, token, expiresAt, reminder) });
    });
    if (mailId === null) return 'raced';
    this.mail.deliverSoon([mailId]);
    return 'sent';
  }

  private async skipReason(invitation: ReviewInvitationEntity): Promise<InvitationSkip | null> {
    const post = await this.repo.post(invitation.postId);
    if (!post) return 'post_gone';
    if (post.slugExtract === this.config.hiddenSlugExtract) return 'hidden';
    if (post.status !== 'publish') return 'unpublished';
    if (post.ownerId === null) return 'no_owner';
    const owner = await this.repo.owner(post.ownerId);
    if (!owner) return 'no_owner';
    if (owner.email.toLowerCase() === invitation.email.toLowerCase()) return 'own_address';
    return null;
  }
}
