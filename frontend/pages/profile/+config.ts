import type { Config } from 'vike/types';

/** The enquiry form's texts (the form is on profiles and drafts only) and the reviews'. */
export default {
  messages: ['enquiry', 'reviews'],
} satisfies Config;
