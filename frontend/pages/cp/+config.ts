import type { Config } from 'vike/types';

/** The subscription's summary line (dashboard, Account and Subscription), and the reviews' texts (dashboard, Reviews). */
export default {
  messages: ['billing', 'cpreviews', 'reviews'],
} satisfies Config;
