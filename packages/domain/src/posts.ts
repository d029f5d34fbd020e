import type { Site } from './sites.js';

/** A post's status; only 'publish' is shown to visitors. */
export const POST_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Price types, cheapest first. */
export const PRICE_TYPES = ['free', 'nominal_charge', 'charge'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export interface PriceText {
  title: string;
  description: string;
}

const CHURCH_PRICES: Record<PriceType, PriceText> = {
  free: { title: 'Free', description: 'Performs free of charge, for example for their own parish.' },
  nominal_charge: { title: 'Nominal charge', description: 'A modest fee that covers travel and rehearsal.' },
  charge: { title: 'Charge', description: 'A professional fee: ask the musician for a quote.' },
};

/** Each price type's title and description, worded per site (the price config). */
export const PRICE_TEXT: Record<Site, Record<PriceType, PriceText>> = {
  church: CHURCH_PRICES,
  cliste: {
    free: { title: 'Free', description: 'No charge to schools or students.' },
    nominal_charge: { title: 'Nominal charge', description: 'A small charge that covers materials or entry.' },
    charge: { title: 'Charge', description: 'A fee per student or per group: ask for a quote.' },
  },
  multi: CHURCH_PRICES,
};
