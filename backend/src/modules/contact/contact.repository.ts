import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';

@Injectable()
export class ContactRepository {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  async save(message: Pick<ContactMessageEntity, 'firstName' | 'lastName' | 'email' | 'message'>): Promise<number> {
    return (await this.messages.save(this.messages.create(message))).id;
  }

  /** The email that carried the message to the site's team (mail_outbox). */
  async linkMail(id: number, mailId: number): Promise<void> {
    await this.messages.update(id, { mailId });
  }
}
