import { SITE_NAMES, type Site } from '@directory/domain';

/** Every visible text that differs between site variants, in one place. */
export interface SiteCopy {
  siteName: string;
  shortSiteName: string;
  /** What a lister is called: 'Are you a {type}?' */
  listerType: string;
  /** 'Choose from N {choose}' */
  choose: string;
  tagline: string;
  joinBlurb: string;
  description: string;
}

/**
 * Every site's texts. The site server reads its own into PublicSiteConfig.copy (server/config.ts), which the browser
 * receives with each page: the browser's JavaScript carries none of them (lib/copy.ts; issue 15's budget).
 */
export const SITE_COPY: Record<Site, SiteCopy> = /* @__PURE__ */ siteCopy();

/** A function, marked pure above: bundlers keep top-level object spreads even when nothing reads them. */
function siteCopy(): Record<Site, SiteCopy> {
  /** The site names are the domain's (SITE_NAMES, part of SITE_PRESETS), shared with the API's mail. */
  const names = (site: Site) => SITE_NAMES[site];

  const church: SiteCopy = {
    ...names('church'),
    listerType: 'musician',
    choose: 'church and wedding musicians across Ireland',
    tagline: 'Church & Wedding Musicians in Ireland',
    joinBlurb: 'Are you a musician? Join FREE and be found by couples looking for wedding music services.',
    description: 'Find singers, harpists, choirs, string quartets and more for your church or civil wedding ceremony in Ireland.',
  };

  const cliste: SiteCopy = {
    ...names('cliste'),
    listerType: 'school tour or workshop provider',
    choose: 'school tours, workshops and speakers across Ireland',
    tagline: 'School Tours & Workshops in Ireland',
    joinBlurb: 'Run school tours, workshops or talks? Join FREE and be found by schools, teachers and TY coordinators.',
    description: 'Find school tours, trips, workshops, educational activities and speakers for primary and secondary schools in Ireland.',
  };

  const multi: SiteCopy = { ...church, ...names('multi') };

  return { church, cliste, multi };
}
