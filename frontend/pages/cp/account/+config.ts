import type { Config } from 'vike/types';

export default {
  // The API's refusal of a common password is shown in the page's language.
  messages: ['password'],
} satisfies Config;
