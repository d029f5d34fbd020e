import type { Card } from './objects';

/**
 * Stripe's test cards that the stand-in's checkout accepts, with the behaviour Stripe documents for them
 * (https://docs.stripe.com/testing#cards and #declined-payments).
 */
export const TEST_CARDS: Record<string, { brand: string; behaviour: 'succeeds' | 'fails_after_attach' | 'declined'; says: string }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds', says: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds', says: 'succeeds (Mastercard)' },
  '4000000000000341': { brand: 'visa', behaviour: 'fails_after_attach', says: 'is accepted now, but every later payment fails' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined', says: 'is declined at once' },
};

/** The saved card keeps only brand and last four digits, as Stripe does; the test cards differ in those. */
export const cardFails = (card: Card) =>
  Object.entries(TEST_CARDS).some(([number, c]) => c.behaviour === 'fails_after_attach' && number.endsWith(card.last4) && c.brand === card.brand);

export const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
