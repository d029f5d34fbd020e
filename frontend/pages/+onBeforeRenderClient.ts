import type { PageContextClient } from 'vike/types';
import { COPY } from '../lib/copy';

/** The browser's site texts come with the page (PublicSiteConfig.copy): set before anything renders (lib/copy.ts). */
export function onBeforeRenderClient(pageContext: PageContextClient) {
  const { site } = pageContext;
  COPY[site.site] = site.copy;
}
