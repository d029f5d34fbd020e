import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Viewer } from '../../../common/viewer';
import { MailOutboxEntity } from '../../../infra/mail/mail-outbox.entity';
import { MAX_ATTEMPTS, MailService } from '../../../infra/mail/mail.service';
import { notFound, ResourceSpec, sameNames } from '../admin-list';
import { AdminResource, SpecRows } from '../admin-resource';
import { AuditService } from '../audit/audit.service';
import { RequestException } from '../../../common/domain.exception';
import { RequestErrorCode } from '@directory/domain';

type MailState = 'sent' | 'pending' | 'failed' | 'dead';
const STATES: MailState[] = ['sent', 'pending', 'failed', 'dead'];

const stateOf = (m: MailOutboxEntity): MailState => (m.sentAt ? 'sent' : m.attempts >= MAX_ATTEMPTS ? 'dead' : m.attempts > 0 ? 'failed' : 'pending');

const SPEC: ResourceSpec = {
  resource: 'mail-outbox',
  alias: 'm',
  columns: sameNames('id', 'recipient', 'subject', 'attempts', 'next_attempt_at', 'sent_at', 'created_at'),
  search: ['recipient', 'subject'],
  filters: {
    state: (qb, value) => {
      if (!STATES.includes(value as MailState)) {
        const message = `filter.state must be one of ${STATES.join(', ')}`;
        throw new RequestException(RequestErrorCode.ValidationFailed, { field: 'filter', errors: [{ field: 'filter.state', message }], values: [[{ message }]] });
      }
      if (value === 'sent') qb.andWhere('m.sent_at IS NOT NULL');
      else qb.andWhere('m.sent_at IS NULL').andWhere(value === 'dead' ? 'm.attempts >= :max' : value === 'failed' ? 'm.attempts > 0 AND m.attempts < :max' : 'm.attempts = 0', { max: MAX_ATTEMPTS });
    },
  },
};

const mapMail = (m: MailOutboxEntity) => ({
  id: m.id,
  recipient: m.recipient,
  subject: m.subject,
  state: stateOf(m),
  attempts: m.attempts,
  last_error: m.lastError,
  next_attempt_at: m.nextAttemptAt,
  sent_at: m.sentAt,
  created_at: m.createdAt,
  text_body: m.textBody,
});

/** The outbox: what was sent, what waits, what failed every try (dead letters) and a retry for those. */
@Injectable()
export class AdminMailOutboxService extends SpecRows<MailOutboxEntity, ReturnType<typeof mapMail>> {
  constructor(
    @InjectRepository(MailOutboxEntity) rows: Repository<MailOutboxEntity>,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {
    super(rows, SPEC, mapMail);
  }

  /** Gives an unsent message a fresh set of tries, due now; the sweep then delivers it (started here at once). */
  async retry(viewer: Viewer, id: number) {
    const row = await this.audit.change(viewer, { action: 'retry', resource: 'mail-outbox', recordId: id }, async (m) => {
      const before = await m.findOneBy(MailOutboxEntity, { id });
      if (!before) throw notFound('mail-outbox', id);
      if (before.sentAt) {
        const message = 'This message was delivered already';
        throw new RequestException(RequestErrorCode.ValidationFailed, { field: 'id', errors: [{ field: 'id', message }], values: [[{ message }]] });
      }
      await m.update(MailOutboxEntity, { id }, { attempts: 0, nextAttemptAt: new Date(), leasedUntil: null });
      const { text_body: _b, ...was } = mapMail(before);
      const { text_body: _a, ...now } = mapMail(await m.findOneByOrFail(MailOutboxEntity, { id }));
      return { before: was, after: now };
    });
    void this.mail.deliverDue();
    return row;
  }
}

@AdminResource({ resource: 'mail-outbox', service: AdminMailOutboxService }, { actions: { retry: (outbox, viewer, id) => outbox.retry(viewer, id) } })
export class AdminMailOutboxController {}
