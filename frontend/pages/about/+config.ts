import type { Config } from 'vike/types';

export default {
  // The featured profiles' cards.
  messages: ['cards'],
} satisfies Config;
