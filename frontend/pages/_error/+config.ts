import type { Config } from 'vike/types';

export default {
  messages: ['error'],
} satisfies Config;
