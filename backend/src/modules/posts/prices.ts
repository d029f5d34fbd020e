import { PRICE_TEXT, PRICE_TYPES, PriceOption, Site } from '@directory/domain';

/** Price options in the site's order: ascending by cost, descending on the multi-user site. */
export function priceOptions(site: Site, descending: boolean): PriceOption[] {
  const ordered = descending ? [...PRICE_TYPES].reverse() : [...PRICE_TYPES];
  return ordered.map((value) => ({ value, ...PRICE_TEXT[site][value] }));
}
