import { POST_STATUSES, PostStatus, PRICE_TYPES, PriceType, SLUG_PATTERN } from '@directory/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PriceDetailsInputDto } from '../../posts/dto/price-details.dto';
import { Nullable, NullAs } from '../../../common/nullable';
import { Trim } from '../../../common/transforms';

/**
 * Any field of a listing an admin may change; only the fields sent change. `hidden` hides or unhides it. null clears
 * what may be empty (the admin app sends null for a field it empties); other fields refuse it.
 */
export class UpdateListingDto {
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'title must not be empty' }) @MaxLength(200) title?: string;
  @IsOptional() @NullAs('') @IsString() @MaxLength(60_000) content?: string;
  @IsOptional() @IsString() @MaxLength(200) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) slug?: string;
  @IsOptional() @IsIn(POST_STATUSES, { message: `status must be one of ${POST_STATUSES.join(', ')}` }) status?: PostStatus;
  @IsOptional() @IsInt({ message: 'category_id must be a whole number' }) @Min(1) @Max(2_147_483_647) category_id?: number;
  @IsOptional() @IsInt({ message: 'county_id must be a whole number' }) @Min(1) @Max(2_147_483_647) county_id?: number;
  @IsOptional() @IsIn(PRICE_TYPES, { message: `price must be one of ${PRICE_TYPES.join(', ')}` }) price?: PriceType;
  @IsOptional() @NullAs('') @Trim() @IsString() @MaxLength(120) area?: string;
  @Nullable() @IsInt({ message: 'owner_id must be a whole number or null' }) @Min(1) @Max(2_147_483_647) owner_id?: number | null;
  @Nullable() @IsString() @Matches(/^[A-Za-z0-9_-]{11}$/, { message: 'youtube1_id must be an 11-character YouTube video id' }) youtube1_id?: string | null;
  @Nullable() @IsString() @MaxLength(500) @Matches(/^https:\/\//, { message: 'featured_audio_url must be an https:// address' }) featured_audio_url?: string | null;
  @Nullable() @IsNumber({}, { message: 'latitude must be a number' }) @Min(-90) @Max(90) latitude?: number | null;
  @Nullable() @IsNumber({}, { message: 'longitude must be a number' }) @Min(-180) @Max(180) longitude?: number | null;
  @IsOptional() @IsBoolean() has_location?: boolean;
  @IsOptional() @IsBoolean() hidden?: boolean;
  /** What the price includes, as the control panel writes it (checked and stamped alike); null removes it. */
  @Nullable() @ValidateNested() @Type(() => PriceDetailsInputDto) @IsObject({ message: 'price_details must be an object or null' }) price_details?: PriceDetailsInputDto | null;
}
