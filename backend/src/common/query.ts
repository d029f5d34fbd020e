import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Query strings arrive as text: '' means "no filter", so it becomes undefined. */
export const EmptyAsUndefined = () =>
  Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value));

/** Whole numbers from query text; anything else is left as is so the validator can name it. */
export const ToInt = () =>
  Transform(({ value }) => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value));

/** `?postId=`: one listing's rows (its media, its statistics); empty means every one the caller may see. */
export class PostIdQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Max(2_147_483_647, { message: 'postId is too large' })
  @Min(1, { message: 'postId must be a positive whole number' })
  @IsInt({ message: 'postId must be a positive whole number' })
  @ToInt()
  postId?: number;
}

/** `?page=`: a paged list (the inbox, reviews), page 0 first. */
export class PageQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Max(100_000, { message: 'page is too large' })
  @Min(0, { message: 'page must be a whole number from 0' })
  @IsInt({ message: 'page must be a whole number from 0' })
  @ToInt()
  page?: number;
}
