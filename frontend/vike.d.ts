import type { PublicSiteConfig, SignedInUser } from './lib/types';

declare global {
  namespace Vike {
    interface PageContext {
      /** Public configuration of the site variant, passed to the browser. */
      site: PublicSiteConfig;
      /** Where the site server reaches the API (server only). */
      apiInternalOrigin: string;
      /** The signed-in lister, from the session cookie (server/session.ts); passed to the browser. */
      user: SignedInUser | null;
      /** The signed-in lister's access token, for server-side API calls on their behalf (server only). */
      accessToken: string | null;
    }
  }
}
export {};
