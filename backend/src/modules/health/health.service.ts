import { HttpStatus, Injectable } from '@nestjs/common';
import { codedError } from '../../common/errors';
import { MailService } from '../../infra/mail/mail.service';

export interface Readiness {
  status: 'ok';
  database: 'up';
  /** Emails that failed every try and are no longer retried: each needs a look. */
  mail_dead_letters: number;
}

@Injectable()
export class HealthService {
  constructor(private readonly mail: MailService) {}

  /** Ready when the database answers; the dead-letter count is that answer, so one query checks both. */
  async ready(): Promise<Readiness> {
    try {
      return { status: 'ok', database: 'up', mail_dead_letters: await this.mail.deadLetters() };
    } catch {
      throw codedError(HttpStatus.SERVICE_UNAVAILABLE, 'database_unreachable', 'The database cannot be reached.');
    }
  }
}
