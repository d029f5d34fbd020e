import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  lang: 'en-IE',
  passToClient: ['site', 'user'],
  // Titles, descriptions and canonical links are set per page (+title, +description, +Head).
} satisfies Config;
