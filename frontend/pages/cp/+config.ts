import type { Config } from 'vike/types';

/** The subscription's summary line, on the dashboard, Account and Subscription pages; the listing editor's price section. */
export default {
  messages: ['billing', 'cp.price'],
} satisfies Config;
