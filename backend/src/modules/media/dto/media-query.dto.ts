import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { EmptyAsUndefined, ToInt } from '../../../common/query';

export class MediaQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Max(2_147_483_647, { message: 'postId is too large' })
  @Min(1, { message: 'postId must be a positive whole number' })
  @IsInt({ message: 'postId must be a positive whole number' })
  @ToInt()
  postId?: number;
}
