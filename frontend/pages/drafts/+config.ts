import type { Config } from 'vike/types';

/** The enquiry form's texts (the form is on profiles and drafts only). */
export default {
  messages: ['enquiry', 'profile'],
} satisfies Config;
