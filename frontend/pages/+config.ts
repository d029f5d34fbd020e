import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  // The page's language and its texts (+onBeforeRoute.ts, +onCreatePageContext.server.ts); the language sets `lang`
  // (+lang.ts) and the links.
  passToClient: ['site', 'user', 'lang', 'messages'],
  // No page suspends as a whole (lazy parts have their own <Suspense>), so vike-react's shimmer placeholder and its
  // page-wide Suspense are left out of every page's JavaScript.
  Loading: {},
  meta: {
    // A page's catalogue namespaces (locales/en.ts), added to the layout's and its site's.
    messages: { env: { server: true }, cumulative: true },
    // A page's canonical path (+Head.tsx writes it and the hreflang alternates in both languages).
    canonical: { env: { server: true } },
  },
  // /cp opens the dashboard (whose guard sends a visitor to log in): a redirect of the server's rather than a page of
  // its own, since every page's first JavaScript lists each page for the client router (the page JavaScript budget,
  // docs/performance.md).
  redirects: { '/cp': '/cp/dashboard' },
  // Titles and descriptions are set per page (+title, +description); canonical links by +Head.tsx.
} satisfies Config;
