import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import { MailOutboxEntity } from './mail-outbox.entity';
import type { OutgoingMail } from './mailer.adapter';

/** Not delivered, and not claimed by a sender (or its claim has run out). */
const UNCLAIMED = 'sent_at IS NULL AND (leased_until IS NULL OR leased_until < :now)';

/** The outbox's queries; every condition that decides what is sent is in SQL, so every API process sees the same. */
@Injectable()
export class MailOutboxRepository {
  constructor(@InjectRepository(MailOutboxEntity) private readonly outbox: Repository<MailOutboxEntity>) {}

  async add(mail: OutgoingMail, manager?: EntityManager): Promise<number> {
    // With a manager the row is written in the caller's transaction, beside the change it announces.
    const outbox = manager ? manager.getRepository(MailOutboxEntity) : this.outbox;
    const row = await outbox.save(
      outbox.create({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, nextAttemptAt: new Date() }),
    );
    return row.id;
  }

  /** Ids of unsent, unclaimed messages that are due and still have tries left, oldest first. */
  async due(maxAttempts: number, limit: number): Promise<number[]> {
    const rows = await this.outbox
      .createQueryBuilder()
      .select('id')
      .where(UNCLAIMED, { now: new Date() })
      .andWhere('attempts < :maxAttempts', { maxAttempts })
      .andWhere('next_attempt_at <= :now')
      .orderBy('id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number }>();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Claims an unsent message until `until` with one conditional UPDATE: of several senders (the immediate send, the
   * sweep, other API processes) exactly one sees a changed row and gets the message back; the others get null.
   */
  async claim(id: number, until: Date): Promise<MailOutboxEntity | null> {
    const { affected } = await this.outbox.createQueryBuilder().update().set({ leasedUntil: until }).where(UNCLAIMED, { now: new Date() }).andWhere('id = :id', { id }).execute();
    return affected === 1 ? this.outbox.findOneBy({ id }) : null;
  }

  /** Delivered: the body goes (codes, reset links and enquiries are not kept in the outbox), the record stays. */
  async markSent(row: MailOutboxEntity): Promise<void> {
    await this.outbox.update(row.id, { sentAt: new Date(), attempts: row.attempts + 1, leasedUntil: null, lastError: null, textBody: '', htmlBody: null });
  }

  async markFailed(row: MailOutboxEntity, error: string, nextAttemptAt: Date): Promise<void> {
    await this.outbox.update(row.id, { attempts: row.attempts + 1, leasedUntil: null, lastError: error.slice(0, 500), nextAttemptAt });
  }

  /** Messages that used up their tries and are no longer retried. */
  dead(maxAttempts: number): Promise<number> {
    return this.outbox.countBy({ sentAt: IsNull(), attempts: MoreThanOrEqual(maxAttempts) });
  }

  async deleteSentBefore(before: Date): Promise<void> {
    await this.outbox.delete({ sentAt: LessThan(before) });
  }
}
