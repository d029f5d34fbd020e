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

  /** A page of the enquiries to an owner's posts, newest first, with each post's title and slug, and their total. */
  async inbox(ownerId: number, offset: number, limit: number): Promise<{ rows: EnquiryEntity[]; total: number }> {
    const qb = this.enquiries
      .createQueryBuilder('e')
      .innerJoinAndSelect('e.post', 'p')
      .where('p.owner_id = :ownerId', { ownerId })
      .orderBy('e.created_at', 'DESC')
      .addOrderBy('e.id', 'DESC');
    const [rows, total] = await qb.skip(offset).take(limit).getManyAndCount();
    return { rows, total };
  }

  findWithPost(id: number): Promise<EnquiryEntity | null> {
    return this.enquiries.findOne({ where: { id }, relations: { post: true } });
  }

  async setRead(id: number, readAt: Date | null): Promise<void> {
    await this.enquiries.update(id, { readAt });
  }

  async setBooked(id: number, bookedAt: Date | null): Promise<void> {
    await this.enquiries.update(id, { bookedAt });
  }

  async delete(id: number): Promise<void> {
    await this.enquiries.delete(id);
  }

  async linkListerMail(id: number, mailId: number): Promise<void> {
    await this.enquiries.update(id, { listerMailId: mailId });
  }
}
