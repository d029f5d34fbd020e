import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EnquiryEntity } from './enquiry.entity';

@Injectable()
export class EnquiriesRepository {
  constructor(@InjectRepository(EnquiryEntity) private readonly enquiries: Repository<EnquiryEntity>) {}

  save(enquiry: Partial<EnquiryEntity>): Promise<EnquiryEntity> {
    return this.enquiries.save(this.enquiries.create(enquiry));
  }

  async linkListerMail(id: number, mailId: number): Promise<void> {
    await this.enquiries.update(id, { listerMailId: mailId });
  }
}
