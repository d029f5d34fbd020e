import type { Config } from 'vike/types';

/** The enquiry form's texts (the form is on profiles and drafts only), what the price includes, the repertoire, the reviews. */
export default {
  messages: ['enquiry', 'profile', 'price', 'repertoire', 'reviews'],
} satisfies Config;
