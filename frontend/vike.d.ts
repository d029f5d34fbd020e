import type { Lang } from './lib/lang';
import type { Messages, Translator } from './lib/i18n';
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
      /** The page's language, from its URL (pages/+onBeforeRoute.ts). */
      lang: Lang;
      /** The compiled texts of the page's namespaces in its language (pages/+onCreatePageContext.server.ts); passed to the browser. */
      messages: Messages;
      /** This render's own translator (docs/i18n.md): Lingui's on the server, lib/i18n.ts's reader in the browser. */
      i18n: Translator;
    }
    interface Config {
      /** The catalogue namespaces a page's texts come from (locales/en.ts), besides `layout` and its site's. */
      messages?: string[];
      /** The page's canonical path, without the language prefix; the URL's path when a page sets none. */
      canonical?: (pageContext: PageContext) => string;
    }
    interface ConfigResolved {
      messages?: string[][];
    }
  }
}
export {};
