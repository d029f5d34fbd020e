import { IsInt, IsOptional, Min } from 'class-validator';
import { EmptyAsUndefined, PostIdQueryDto, ToInt } from '../../common/query';

/** GET /api/stats/: `?postId=` narrows to one listing; `page` is sent by the control panel (page 0 first). */
export class StatsQueryDto extends PostIdQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Min(0, { message: 'page must be a whole number from 0' })
  @IsInt({ message: 'page must be a whole number from 0' })
  @ToInt()
  page?: number;
}
