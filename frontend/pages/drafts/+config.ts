import type { Config } from 'vike/types';

/** The enquiry form's texts (the form is on profiles and drafts only) what the price includes and the repertoire. */
export default {
  messages: ['enquiry', 'profile', 'price', 'repertoire'],
} satisfies Config;
