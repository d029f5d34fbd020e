import { SITE_NAMES, Site } from '@directory/domain';

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

export const COPY: Record<Site, SiteCopy> = { church, cliste, multi };

/** Fixed texts of the listing screen (spec sections 2 and 8). */
export const TEXT = {
  profilesNow: 'Profiles now',
  category: 'Category',
  county: 'County',
  all: 'All',
  price: 'Price',
  refineByCounty: 'Refine by county',
  refineByCategory: 'Refine by category',
  refinePlaceholder: 'Refine your search...',
  noCounty: 'No results - please try a different county!',
  noPrice: 'No results - please try a different price!',
  singlePrice: 'For your selection, all items listed',
  turasCliste: 'Turas Cliste!',
  anIrishCounty: 'An Irish county',
  notFound: '404 Not Found',
  loadMore: 'Load more profiles',
  view: 'View',
} as const;

/** 'Church Musicians Ireland™ | Harpists': titles begin with the site name, a trademark sign and a bar. */
export const pageTitle = (site: Site, title: string) => `${COPY[site].siteName}™ | ${title}`;
