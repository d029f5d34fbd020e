import type { PriceOption } from '@directory/api-contract';
import type { Site } from '../../config/sites';
import { PRICE_TYPES, PriceType } from './post.entity';


/** Price config (spec section 3): each price type with a title and a description, worded per site. */
const PRICE_COPY: Record<'church' | 'cliste', Record<PriceType, Omit<PriceOption, 'value'>>> = {
  church: {
    free: { title: 'Free', description: 'Performs free of charge, for example for their own parish.' },
    nominal_charge: { title: 'Nominal charge', description: 'A modest fee that covers travel and rehearsal.' },
    charge: { title: 'Charge', description: 'A professional fee: ask the musician for a quote.' },
  },
  cliste: {
    free: { title: 'Free', description: 'No charge to schools or students.' },
    nominal_charge: { title: 'Nominal charge', description: 'A small charge that covers materials or entry.' },
    charge: { title: 'Charge', description: 'A fee per student or per group: ask for a quote.' },
  },
};

/** Price options in the site's order: ascending by cost, descending on the multi-user site (spec section 9). */
export function priceOptions(site: Site, descending: boolean): PriceOption[] {
  const copy = PRICE_COPY[site === 'cliste' ? 'cliste' : 'church'];
  const ordered = descending ? [...PRICE_TYPES].reverse() : [...PRICE_TYPES];
  return ordered.map((value) => ({ value, ...copy[value] }));
}
