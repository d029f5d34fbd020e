import { SITE_NAMES, type Site } from '@directory/domain';
import en from '../locales/en.js';

/** The texts that differ between site variants, for the pages not yet in the catalogues (docs/i18n.md). */
export interface SiteCopy {
  siteName: string;
  shortSiteName: string;
  /** What a lister is called: 'Are you a {type}?' */
  listerType: string;
  description: string;
}

/**
 * Every site's texts. The site server reads its own into PublicSiteConfig.copy (server/config.ts), which the browser
 * receives with each page: the browser's JavaScript carries none of them (lib/copy.ts; the page JavaScript budget (docs/performance.md)).
 */
export const SITE_COPY: Record<Site, SiteCopy> = /* @__PURE__ */ siteCopy();

/**
 * A function, marked pure above: bundlers keep top-level object spreads even when nothing reads them. The site names
 * are the domain's (SITE_NAMES, part of SITE_PRESETS), shared with the API's mail; the rest is the English
 * catalogue's (locales/en.ts), the one place of each text.
 */
function siteCopy(): Record<Site, SiteCopy> {
  const copy = (site: Site): SiteCopy => ({ ...SITE_NAMES[site], listerType: en[`site.${site}.listerType`], description: en[`site.${site}.description`] });
  return { church: copy('church'), cliste: copy('cliste'), multi: copy('multi') };
}
