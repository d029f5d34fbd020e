import { EXTRA_UNITS, ExtraUnit, PRICE_LIMITS } from '@directory/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Nullable } from '../../../common/nullable';
import { Trim } from '../../../common/transforms';

const cents = (what: string) => `${what} must be a whole number of cents from 0 to ${PRICE_LIMITS.maxCents}`;

/** An amount in cents: a whole number, never negative. */
const Cents = (what: string): PropertyDecorator => (target, key) => {
  Max(PRICE_LIMITS.maxCents, { message: cents(what) })(target, key);
  Min(0, { message: cents(what) })(target, key);
  IsInt({ message: cents(what) })(target, key);
};

export class PriceInclusionDto {
  /** One of the site's PRICE_INCLUSIONS keys (checked against the site in the editor service). */
  @MaxLength(40)
  @Matches(/^[a-z_]+$/, { message: 'key must be an inclusion of this site' })
  @IsString({ message: 'key must be an inclusion of this site' })
  key!: string;

  @Nullable()
  @Max(PRICE_LIMITS.maxQuantity, { message: `quantity must be a whole number from 1 to ${PRICE_LIMITS.maxQuantity}, or null` })
  @Min(1, { message: `quantity must be a whole number from 1 to ${PRICE_LIMITS.maxQuantity}, or null` })
  @IsInt({ message: `quantity must be a whole number from 1 to ${PRICE_LIMITS.maxQuantity}, or null` })
  quantity!: number | null;
}

export class PriceExtraDto {
  @Length(2, PRICE_LIMITS.extraLabelMax, { message: `label must be 2 to ${PRICE_LIMITS.extraLabelMax} characters long` })
  @IsString({ message: 'label must be text' })
  @Trim()
  label!: string;

  @Cents('cents')
  cents!: number;

  @IsIn(EXTRA_UNITS, { message: `per must be one of ${EXTRA_UNITS.join(', ')}` })
  per!: ExtraUnit;
}

/** What the price includes, as the lister gives it; the API stamps confirmed_on. Every field is required. */
export class PriceDetailsInputDto {
  /** null: price on request. */
  @Nullable()
  @Cents('from_cents')
  from_cents!: number | null;

  @ArrayMaxSize(10, { message: 'includes must have at most 10 items' })
  @ValidateNested({ each: true })
  @Type(() => PriceInclusionDto)
  @IsArray({ message: 'includes must be a list of inclusions' })
  includes!: PriceInclusionDto[];

  @ArrayMaxSize(PRICE_LIMITS.maxExtras, { message: `extras must have at most ${PRICE_LIMITS.maxExtras} items` })
  @ValidateNested({ each: true })
  @Type(() => PriceExtraDto)
  @IsArray({ message: 'extras must be a list of extras' })
  extras!: PriceExtraDto[];

  @Nullable()
  @Max(PRICE_LIMITS.maxKm, { message: `travel_free_km must be a whole number of km from 0 to ${PRICE_LIMITS.maxKm}, or null` })
  @Min(0, { message: `travel_free_km must be a whole number of km from 0 to ${PRICE_LIMITS.maxKm}, or null` })
  @IsInt({ message: `travel_free_km must be a whole number of km from 0 to ${PRICE_LIMITS.maxKm}, or null` })
  travel_free_km!: number | null;

  @Nullable()
  @Cents('travel_cents_per_km')
  travel_cents_per_km!: number | null;

  @IsBoolean({ message: 'vat_included must be true or false' })
  vat_included!: boolean;

  @Nullable()
  @Cents('deposit_cents')
  deposit_cents!: number | null;
}
