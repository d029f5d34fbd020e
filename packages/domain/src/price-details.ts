import type { PriceType } from './posts.js';
import type { Site } from './sites.js';

/**
 * What a listing's price includes: a from-price (or "price on request"), what the base booking covers, extras with
 * their prices, travel, VAT, a deposit and the day the lister last confirmed it. Amounts are whole cents, as
 * formatEuro writes them. The price type (free, nominal charge, charge) stays the spec's and must agree with the
 * from-price: a free listing is from €0, a charging one from more than €0 or on request (priceAgrees).
 */

/** What a base booking can include: a yes/no, or a quantity in a unit. */
export type InclusionUnit = 'yes' | 'minutes' | 'pieces' | 'pupils';

export interface InclusionKind {
  key: string;
  unit: InclusionUnit;
}

/** The items of a base booking per site variant, in the order the profile lists them. */
export const PRICE_INCLUSIONS: Record<Site, readonly InclusionKind[]> = {
  church: [
    { key: 'rehearsal', unit: 'yes' },
    { key: 'arrival', unit: 'minutes' },
    { key: 'ceremony', unit: 'minutes' },
    { key: 'requests', unit: 'pieces' },
    { key: 'pa', unit: 'yes' },
  ],
  cliste: [
    { key: 'session', unit: 'minutes' },
    { key: 'pupils', unit: 'pupils' },
    { key: 'materials', unit: 'yes' },
  ],
  multi: [
    { key: 'rehearsal', unit: 'yes' },
    { key: 'arrival', unit: 'minutes' },
    { key: 'ceremony', unit: 'minutes' },
    { key: 'requests', unit: 'pieces' },
    { key: 'pa', unit: 'yes' },
  ],
};

/** What an extra's price is counted per. */
export const EXTRA_UNITS = ['booking', 'half_hour', 'hour', 'musician', 'session'] as const;
export type ExtraUnit = (typeof EXTRA_UNITS)[number];

export const PRICE_LIMITS = {
  /** €100,000: beyond anything booked through the directory, below what a 32-bit column holds. */
  maxCents: 10_000_000,
  maxQuantity: 1000,
  maxExtras: 12,
  extraLabelMax: 80,
  maxKm: 1000,
} as const;

export interface PriceInclusion {
  key: string;
  /** Minutes, pieces or pupils; null for a yes/no item. */
  quantity: number | null;
}

export interface PriceExtra {
  label: string;
  cents: number;
  per: ExtraUnit;
}

/** The price breakdown as the API answers it (and takes it, without confirmed_on, which the API stamps). */
export interface PriceDetails {
  /** The lowest price of a booking in cents; null: price on request. */
  from_cents: number | null;
  includes: PriceInclusion[];
  extras: PriceExtra[];
  /** Free within this many km of the lister's area; null: travel not charged. */
  travel_free_km: number | null;
  /** Beyond travel_free_km, cents per km; null: travel not charged. */
  travel_cents_per_km: number | null;
  vat_included: boolean;
  /** null: no deposit. */
  deposit_cents: number | null;
  /** YYYY-MM-DD, the day the lister last saved it. */
  confirmed_on: string;
}

export type PriceDetailsInput = Omit<PriceDetails, 'confirmed_on'>;

/** Budget bands visitors filter by, cheapest first: [min, max] in cents, max null for no upper bound. */
export const PRICE_BANDS = [
  { slug: 'free', id: 1, min: 0, max: 0 },
  { slug: 'under-200', id: 2, min: 1, max: 19_999 },
  { slug: '200-349', id: 3, min: 20_000, max: 34_999 },
  { slug: '350-499', id: 4, min: 35_000, max: 49_999 },
  { slug: '500-plus', id: 5, min: 50_000, max: null },
] as const;
export type PriceBandSlug = (typeof PRICE_BANDS)[number]['slug'];
export const PRICE_BAND_SLUGS = PRICE_BANDS.map((b) => b.slug) as PriceBandSlug[];

/** The orders a listing page can show. */
export const LIST_SORTS = ['newest', 'price'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Where price-on-request and unpriced listings sort: after every priced one. */
export const PRICE_SORT_LAST = 2_147_483_647;

/** The band of a from-price (0: none, a listing on request or without a breakdown). */
export function priceBandOf(fromCents: number | null): number {
  if (fromCents === null) return 0;
  return PRICE_BANDS.find((b) => fromCents >= b.min && (b.max === null || fromCents <= b.max))?.id ?? 0;
}

/** The from-price a listing is sorted and banded by: its breakdown's, else €0 for a free one, else none. */
export function effectiveFromCents(price: PriceType, details: Pick<PriceDetails, 'from_cents'> | null): number | null {
  if (details) return details.from_cents;
  return price === 'free' ? 0 : null;
}

/** Whether a price type and a from-price agree: free is €0; a charge more than €0 or on request. */
export function priceAgrees(price: PriceType, fromCents: number | null): boolean {
  return price === 'free' ? fromCents === 0 : fromCents === null || fromCents > 0;
}
