import type { Config } from 'vike/types';

export default {
  // Moving between listings keeps the scroll position; other pages start at the top.
  keepScrollPosition: true,
  messages: ['listing', 'cards'],
} satisfies Config;
