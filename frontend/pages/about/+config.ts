import type { Config } from 'vike/types';

export default {
  // Its own texts, and the featured profiles' cards.
  messages: ['about', 'cards'],
} satisfies Config;
