import { CALENDAR_SLOTS, CalendarSlot, LIST_SORTS, ListSort, POST_STATUSES, PostStatus, PRICE_BAND_SLUGS, PriceBandSlug, PRICE_TYPES, PriceType, SLUG_PATTERN } from '@directory/domain';
import { IsIn, IsInt, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';
import { EmptyAsUndefined, ToInt } from '../../../common/query';
import { SLUG_MESSAGE } from '../../taxonomy/dto/slug-param.dto';
import { IsSearchableDay } from '../../calendar/calendar.dto';

export const MAX_PAGE_SIZE = 1000;

/** Filters shared by the post list, the archive and the price summary. Empty strings mean "no filter". */
export class CategoryCountyQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @MaxLength(120)
  @Matches(SLUG_PATTERN, { message: SLUG_MESSAGE('catSlug') })
  catSlug?: string;

  @IsOptional()
  @EmptyAsUndefined()
  @MaxLength(60)
  @Matches(SLUG_PATTERN, { message: SLUG_MESSAGE('tagSlug') })
  tagSlug?: string;
}

/** Category, county and price: the facets and the profile list. */
export class SelectionQueryDto extends CategoryCountyQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(PRICE_TYPES, { message: `price must be one of ${PRICE_TYPES.join(', ')}` })
  price?: PriceType;

  /** A search by date: those booked then are left out, those known to be free come first. */
  @IsOptional()
  @EmptyAsUndefined()
  @IsSearchableDay()
  date?: string;

  /** With a date: only the morning or the afternoon (without it, those booked the whole day are left out). */
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(CALENDAR_SLOTS, { message: `slot must be one of ${CALENDAR_SLOTS.join(', ')}` })
  slot?: CalendarSlot;
}

export class ArchiveQueryDto extends SelectionQueryDto {
  /** A budget band of the from-price. */
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(PRICE_BAND_SLUGS, { message: `band must be one of ${PRICE_BAND_SLUGS.join(', ')}` })
  band?: PriceBandSlug;

  /** "plays {piece}": listings whose repertoire has this catalogue piece. */
  @IsOptional()
  @EmptyAsUndefined()
  @Max(2_147_483_647, { message: 'piece must be a piece id' })
  @Min(1, { message: 'piece must be a piece id' })
  @IsInt({ message: 'piece must be a piece id' })
  @ToInt()
  piece?: number;

  /** "sings in Irish": listings with a piece in Irish in their repertoire (1). */
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(['1'], { message: 'irish must be 1 or left out' })
  irish?: '1';

  /** newest (the default) or price: cheapest first, on request last. */
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(LIST_SORTS, { message: `sort must be one of ${LIST_SORTS.join(', ')}` })
  sort?: ListSort;

  /** Optional paging; without it the whole list comes back. */
  @IsOptional()
  @EmptyAsUndefined()
  @Max(MAX_PAGE_SIZE)
  @Min(1)
  @IsInt({ message: 'limit must be a whole number' })
  @ToInt()
  limit?: number;

  @IsOptional()
  @EmptyAsUndefined()
  @Min(0)
  @IsInt({ message: 'offset must be a whole number' })
  @ToInt()
  offset?: number;
}

export class PostQueryDto extends ArchiveQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @MaxLength(200)
  @Matches(SLUG_PATTERN, { message: SLUG_MESSAGE('postSlug') })
  postSlug?: string;

  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(POST_STATUSES, { message: `status must be one of ${POST_STATUSES.join(', ')}` })
  status?: PostStatus;
}
