import type { Config } from 'vike/types';

export default {
  messages: ['counties'],
} satisfies Config;
