import { ERROR_MESSAGES, ReadinessDto } from '@directory/domain';
import { HttpStatus, Injectable } from '@nestjs/common';
import { codedError } from '../../common/errors';
import { MailService } from '../../infra/mail/mail.service';

@Injectable()
export class HealthService {
  constructor(private readonly mail: MailService) {}

  /** Ready when the database answers; the dead-letter count is that answer, so one query checks both. */
  async ready(): Promise<ReadinessDto> {
    try {
      return { status: 'ok', database: 'up', mail_dead_letters: await this.mail.deadLetters() };
    } catch {
      throw codedError(HttpStatus.SERVICE_UNAVAILABLE, 'database_unreachable', ERROR_MESSAGES.database_unreachable);
    }
  }
}
