import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { EmptyAsUndefined, ToInt } from '../../../common/query';

/** GET /api/enquiries/?page=0: 20 a page, page 0 first. */
export class InboxQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Max(100_000, { message: 'page is too large' })
  @Min(0, { message: 'page must be a whole number from 0' })
  @IsInt({ message: 'page must be a whole number from 0' })
  @ToInt()
  page?: number;
}

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
