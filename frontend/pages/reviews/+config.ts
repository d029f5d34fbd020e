import type { Config } from 'vike/types';

export default {
  messages: ['reviewpage', 'reviewform', 'reviews'],
} satisfies Config;
