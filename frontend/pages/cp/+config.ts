import type { Config } from 'vike/types';

/** The subscription's summary line (dashboard, Account and Subscription); the listing editor's price section; the reviews' texts (dashboard, Reviews). */
export default {
  messages: ['billing', 'cp.price', 'cpreviews', 'reviews'],
} satisfies Config;
