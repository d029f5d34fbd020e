import { IsBoolean } from 'class-validator';
import { PageQueryDto } from '../../../common/query';

/** GET /api/enquiries/?page=0: 20 a page, page 0 first. */
export class InboxQueryDto extends PageQueryDto {}

/** PUT /api/enquiries/{id}/ */
export class EnquiryReadDto {
  @IsBoolean({ message: 'read must be true or false' })
  read!: boolean;
}

/** PUT /api/enquiries/{id}/booked/ */
export class EnquiryBookedDto {
  @IsBoolean({ message: 'booked must be true or false' })
  booked!: boolean;
}
