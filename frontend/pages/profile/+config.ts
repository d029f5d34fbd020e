import type { Config } from 'vike/types';

/** The enquiry form's texts (the form is on profiles and drafts only) and what the price includes. */
export default {
  messages: ['enquiry', 'price'],
} satisfies Config;
