import { ContactDetailsDto, ContactErrorCode, SuccessDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { MailService } from '../../infra/mail/mail.service';
import { RateLimiter } from '../../infra/rate-limiter';
import type { ContactDto } from './contact.dto';
import { ContactException } from './contact.exception';
import { contactMail } from './contact.messages';
import { ContactRepository } from './contact.repository';

@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactRepository,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Stores the message, then emails it to the site's contact address through the outbox. */
  async send(dto: ContactDto, address: string): Promise<SuccessDto> {
    await this.limiter.attempt([{ scope: 'contact-ip', subject: address, max: 5, windowMs: 60 * 60_000 }], () =>
      new ContactException(ContactErrorCode.TooManyMessages),
    );
    const id = await this.messages.save(dto);
    await this.messages.linkMail(id, await this.mail.queue({ to: this.config.contact.email, ...contactMail(dto) }));
    return { message: 'success' };
  }

  /** What the /contact page shows. */
  details(): ContactDetailsDto {
    return { email: this.config.contact.email, phone: this.config.contact.phone };
  }
}
