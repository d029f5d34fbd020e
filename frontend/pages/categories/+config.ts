import type { Config } from 'vike/types';

export default {
  messages: ['categories'],
} satisfies Config;
