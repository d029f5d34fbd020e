import { ReadinessDto, ServiceErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { ServiceException } from '../../common/domain.exception';
import { MailService } from '../../infra/mail/mail.service';

@Injectable()
export class HealthService {
  constructor(private readonly mail: MailService) {}

  /** Ready when the database answers; the dead-letter count is that answer, so one query checks both. */
  async ready(): Promise<ReadinessDto> {
    try {
      return { status: 'ok', database: 'up', mail_dead_letters: await this.mail.deadLetters() };
    } catch {
      throw new ServiceException(ServiceErrorCode.DatabaseUnreachable);
    }
  }
}
