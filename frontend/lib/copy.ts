import type { Site } from '@directory/domain';
import { SITE_COPY, type SiteCopy } from './site-copy';

export type { SiteCopy };

/**
 * The texts that differ between site variants, by site. The server render has them all (lib/site-copy.ts); in the
 * browser only this site's, from the page's `site.copy`, set before each render (pages/+onBeforeRenderClient.ts), so
 * the other sites' texts are not in every page's JavaScript (the page JavaScript budget, docs/performance.md). Vite sets import.meta.env.SSR.
 */
export const COPY: Record<Site, SiteCopy> = import.meta.env.SSR ? SITE_COPY : ({} as Record<Site, SiteCopy>);

/** Fixed texts of the pages not yet in the catalogues (locales/; docs/i18n.md): the category index. */
export const TEXT = {
  view: 'View',
} as const;

/** 'Church Musicians Ireland™ | Harpists': titles begin with the site name, a trademark sign and a bar. */
export const pageTitle = (site: Site, title: string) => `${COPY[site].siteName}™ | ${title}`;
