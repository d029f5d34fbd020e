import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { EntityManager } from 'typeorm';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailerAdapter, OutgoingMail } from './mailer.adapter';

/** Give up after this many tries; the row stays, counted as a dead letter on GET /readyz, for an admin to see. */
export const MAX_ATTEMPTS = 10;
/** Delivered mail is kept (without its body) this long, then deleted. */
export const KEEP_SENT_DAYS = 30;
const RETRY_EVERY_MS = 30_000;
const BATCH = 50;
/** A claim outlives the slowest SMTP conversation the transport allows (see its timeouts), then frees the row. */
const LEASE_MS = 2 * 60_000;

/**
 * Queues mail in the database, delivers at once when it can, and retries what failed with a growing delay. Every
 * delivery first claims its row, so the immediate send, the sweep and other API processes never send one twice.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private delivering = false;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly mailer: MailerAdapter,
  ) {}

  /** Stores the message, then tries to deliver it without making the caller wait for SMTP. */
  async queue(mail: OutgoingMail): Promise<number> {
    const id = await this.outbox.add(mail);
    void this.deliver(id);
    return id;
  }

  /**
   * Stores the message within the caller's transaction (a billing change and its email commit together or not at all).
   * Call deliverSoon with the id once the transaction has committed; the sweep delivers it otherwise.
   */
  queueIn(manager: EntityManager, mail: OutgoingMail): Promise<number> {
    return this.outbox.add(mail, manager);
  }

  /** Tries to deliver messages queued with queueIn now that their transaction has committed. */
  deliverSoon(ids: number[]): void {
    for (const id of ids) void this.deliver(id);
  }

  /** Delivers every message that is due; runs on a timer and may be called directly. */
  @Interval(RETRY_EVERY_MS)
  async deliverDue(): Promise<void> {
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (const id of await this.outbox.due(MAX_ATTEMPTS, BATCH)) await this.deliver(id);
    } catch (err) {
      this.logger.warn(`Outbox delivery failed: ${(err as Error).message}`);
    } finally {
      this.delivering = false;
    }
  }

  /** Messages that failed every try. */
  deadLetters(): Promise<number> {
    return this.outbox.dead(MAX_ATTEMPTS);
  }

  /** Hourly: forgets delivered mail older than KEEP_SENT_DAYS. */
  @Interval(60 * 60_000)
  async pruneSent(): Promise<void> {
    await this.outbox.deleteSentBefore(new Date(Date.now() - KEEP_SENT_DAYS * 86_400_000));
  }

  private async deliver(id: number): Promise<void> {
    try {
      const row = await this.outbox.claim(id, new Date(Date.now() + LEASE_MS));
      if (!row) return;
      try {
        await this.mailer.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody });
      } catch (err) {
        const attempts = row.attempts + 1;
        const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));
        await this.outbox.markFailed(row, String((err as Error).message), new Date(Date.now() + delayMs));
        this.logger.warn(`Mail ${id} to ${row.recipient} not delivered (attempt ${attempts}): ${(err as Error).message}`);
        return;
      }
      await this.outbox.markSent(row);
    } catch (err) {
      // The database is unreachable: the claim runs out and the sweep tries again.
      this.logger.warn(`Mail ${id}: outbox not updated: ${(err as Error).message}`);
    }
  }
}
