import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { MailOutboxEntity } from './mail-outbox.entity';
import { MailerAdapter, OutgoingMail } from './mailer.adapter';

/** Give up after this many tries; the row stays for an admin to see. */
export const MAX_ATTEMPTS = 10;
const RETRY_EVERY_MS = 30_000;

/** Queues mail in the database, delivers at once when it can, and retries what failed with a growing delay. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private delivering = false;

  constructor(
    @InjectRepository(MailOutboxEntity) private readonly outbox: Repository<MailOutboxEntity>,
    private readonly mailer: MailerAdapter,
  ) {}

  /** Stores the message, then tries to deliver it without making the caller wait for SMTP. */
  async queue(mail: OutgoingMail): Promise<number> {
    const row = await this.outbox.save(
      this.outbox.create({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, nextAttemptAt: new Date() }),
    );
    void this.deliver(row);
    return row.id;
  }

  /** Delivers every message that is due; runs on a timer and may be called directly. */
  @Interval(RETRY_EVERY_MS)
  async deliverDue(): Promise<void> {
    if (this.delivering) return;
    this.delivering = true;
    try {
      const due = await this.outbox.find({
        where: { sentAt: IsNull(), nextAttemptAt: LessThanOrEqual(new Date()) },
        order: { id: 'ASC' },
        take: 50,
      });
      for (const row of due) if (row.attempts < MAX_ATTEMPTS) await this.deliver(row);
    } catch (err) {
      this.logger.warn(`Outbox delivery failed: ${(err as Error).message}`);
    } finally {
      this.delivering = false;
    }
  }

  private async deliver(row: MailOutboxEntity): Promise<void> {
    try {
      await this.mailer.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody });
      await this.outbox.update(row.id, { sentAt: new Date(), attempts: row.attempts + 1, lastError: null });
    } catch (err) {
      const attempts = row.attempts + 1;
      const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));
      await this.outbox
        .update(row.id, { attempts, lastError: String((err as Error).message).slice(0, 500), nextAttemptAt: new Date(Date.now() + delayMs) })
        .catch(() => undefined);
      this.logger.warn(`Mail ${row.id} to ${row.recipient} not delivered (attempt ${attempts}): ${(err as Error).message}`);
    }
  }
}
