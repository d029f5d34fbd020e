import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { EmptyAsUndefined, ToInt } from '../../common/query';

export class StatsQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Max(2_147_483_647, { message: 'postId is too large' })
  @Min(1, { message: 'postId must be a positive whole number' })
  @IsInt({ message: 'postId must be a positive whole number' })
  @ToInt()
  postId?: number;

  @IsOptional()
  @EmptyAsUndefined()
  @Min(0, { message: 'page must be a whole number from 0' })
  @IsInt({ message: 'page must be a whole number from 0' })
  @ToInt()
  page?: number;
}
