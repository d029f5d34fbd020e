import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  lang: 'en-IE',
  passToClient: ['site', 'user'],
  // No page suspends as a whole (lazy parts have their own <Suspense>), so vike-react's shimmer placeholder and its
  // page-wide Suspense are left out of every page's JavaScript.
  Loading: {},
  // Titles, descriptions and canonical links are set per page (+title, +description, +Head).
} satisfies Config;
