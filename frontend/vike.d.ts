import type { PublicSiteConfig } from './lib/types';

declare global {
  namespace Vike {
    interface PageContext {
      /** Public configuration of the site variant, passed to the browser. */
      site: PublicSiteConfig;
      /** Where the site server reaches the API (server only). */
      apiInternalOrigin: string;
      /** The signed-in lister; null until the accounts issue lands. */
      user: { id: number; firstName: string; role: 'member' | 'admin' } | null;
    }
  }
}
export {};
