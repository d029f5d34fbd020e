import type { Config } from 'vike/types';

/** The subscription's summary line, on the dashboard, Account and Subscription pages. */
export default {
  messages: ['billing'],
} satisfies Config;
