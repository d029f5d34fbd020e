import { INPUT_LIMITS, isSoundCloudUrl, PRICE_TYPES, PriceType, SLUG_PATTERN, youtubeId } from '@directory/domain';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateBy, ValidateNested } from 'class-validator';
import { Nullable, NullAs } from '../../../common/nullable';
import { Trim } from '../../../common/transforms';
import { PriceDetailsInputDto } from './price-details.dto';

export const WRITABLE_STATUSES = ['draft', 'publish'] as const;
export const MAX_CONTENT = INPUT_LIMITS.postContentMax;
const TITLE_MESSAGE = `title must be ${INPUT_LIMITS.postTitleMin} to ${INPUT_LIMITS.postTitleMax} characters long`;

/** Line ends as \n and no trailing spaces on lines, so paragraphs (blank lines) read the same from every browser. */
const PlainText = () => Transform(({ value }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').trim() : value));

const IsYouTube = () =>
  ValidateBy({ name: 'isYouTube', validator: { validate: (v) => typeof v === 'string' && (v.trim() === '' || youtubeId(v) !== null), defaultMessage: () => 'youtube1_id must be a YouTube link or an 11-character video id' } });

const IsSoundCloud = (field: string) =>
  ValidateBy({ name: 'isSoundCloud', validator: { validate: (v) => typeof v === 'string' && (v.trim() === '' || isSoundCloudUrl(v)), defaultMessage: () => `${field} must be an https://soundcloud.com/ link` } });

export class VitalsInputDto {
  @IsOptional()
  @MaxLength(INPUT_LIMITS.postAreaMax)
  @IsString({ message: 'vitals.area must be text' })
  @Trim()
  @NullAs('')
  area?: string;

  @Nullable()
  @Max(56, { message: 'vitals.latitude must be a latitude in Ireland' })
  @Min(51, { message: 'vitals.latitude must be a latitude in Ireland' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'vitals.latitude must be a number or null' })
  latitude?: number | null;

  @Nullable()
  @Max(-5, { message: 'vitals.longitude must be a longitude in Ireland' })
  @Min(-11, { message: 'vitals.longitude must be a longitude in Ireland' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'vitals.longitude must be a number or null' })
  longitude?: number | null;
}

/** The writable fields of a post but its title (the post's own shape in the API). */
export class PostFieldsDto {
  @IsOptional()
  @MaxLength(MAX_CONTENT, { message: `content must be at most ${MAX_CONTENT} characters long` })
  @IsString({ message: 'content must be text' })
  @PlainText()
  @NullAs('')
  content?: string;

  @IsOptional()
  @Max(2_147_483_647, { message: 'category must be a category id' })
  @Min(1, { message: 'category must be a category id' })
  @IsInt({ message: 'category must be a category id' })
  category?: number;

  @IsOptional()
  @MaxLength(60)
  @Matches(SLUG_PATTERN, { message: 'tag_slug must be a county slug' })
  @IsString({ message: 'tag_slug must be a county slug' })
  tag_slug?: string;

  @IsOptional()
  @IsIn(PRICE_TYPES, { message: `price must be one of ${PRICE_TYPES.join(', ')}` })
  price?: PriceType;

  @IsOptional()
  @IsYouTube()
  @MaxLength(300, { message: 'youtube1_id must be a YouTube link or an 11-character video id' })
  @IsString({ message: 'youtube1_id must be a YouTube link or an 11-character video id' })
  @NullAs('')
  youtube1_id?: string;

  @IsOptional()
  @IsSoundCloud('featured_audio_url')
  @MaxLength(500, { message: 'featured_audio_url must be at most 500 characters long' })
  @IsString({ message: 'featured_audio_url must be an https://soundcloud.com/ link' })
  @NullAs('')
  featured_audio_url?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => VitalsInputDto)
  @IsObject({ message: 'vitals must be an object with area, latitude and longitude' })
  vitals?: VitalsInputDto;

  /** What the price includes; null removes it. */
  @Nullable()
  @ValidateNested()
  @Type(() => PriceDetailsInputDto)
  @IsObject({ message: 'price_details must be an object (from_cents, includes, extras, travel, VAT, deposit) or null' })
  price_details?: PriceDetailsInputDto | null;

  @IsOptional()
  @IsIn(WRITABLE_STATUSES, { message: 'status must be draft or publish' })
  status?: (typeof WRITABLE_STATUSES)[number];

  /** Admins only: the reserved hidden value hides the post, '' shows it again (members get 400 hidden_not_allowed). */
  @IsOptional()
  @MaxLength(200)
  @IsString({ message: 'slug_extract must be text' })
  slug_extract?: string;
}

/** PUT /api/posts/{slug}/: any subset of the writable fields. */
export class PostInputDto extends PostFieldsDto {
  @IsOptional()
  @Length(INPUT_LIMITS.postTitleMin, INPUT_LIMITS.postTitleMax, { message: TITLE_MESSAGE })
  @IsString({ message: 'title must be text' })
  @Trim()
  title?: string;
}

/** POST /api/posts/: a title is required; the rest may follow. */
export class NewPostInputDto extends PostFieldsDto {
  @Length(INPUT_LIMITS.postTitleMin, INPUT_LIMITS.postTitleMax, { message: TITLE_MESSAGE })
  @IsNotEmpty({ message: 'title must not be empty' })
  @IsString({ message: 'title must be text' })
  @Trim()
  title!: string;
}

/** A post named in the path: by its slug (the spec's paths) or by its id. */
export class PostRefParamDto {
  @MaxLength(200, { message: 'slug must be at most 200 characters long' })
  @Matches(SLUG_PATTERN, { message: 'slug must be a post slug or id' })
  slug!: string;
}
