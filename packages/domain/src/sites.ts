import { ALL_COUNTIES_SLUG, CLISTE_PROFILE_PREFIXES } from './paths.js';
import { SITE_NAMES } from './site-names.js';

export { SITE_NAMES };

/** One codebase serves several sites; `SITE` picks one (church and wedding musicians, school tours, or both). */
export const SITES = ['church', 'cliste', 'multi'] as const;
export type Site = (typeof SITES)[number];

/** A parent category groups the child categories whose ids fall in [minId, maxId]. */
export interface ParentCategory {
  slug: string;
  name: string;
  minId: number;
  /** null: no upper bound ("ids above 20"). */
  maxId: number | null;
}

/** Per-site defaults; the API's environment variables may override some of them (backend configuration). */
export interface SitePreset {
  siteName: string;
  shortSiteName: string;
  allCategoriesSlug: string;
  defaultCategorySlug: string;
  defaultCountySlug: string;
  parentCategories: ParentCategory[];
  /** Cliste profile paths are a single segment starting with one of these. */
  postSlugPrefixes: string[];
  /** Subscription amounts. */
  planMonthlyCents: number;
  planYearlyCents: number;
  /** Multi-user site lists prices descending; the others ascending. */
  pricesDescending: boolean;
}

const church: SitePreset = {
  ...SITE_NAMES.church,
  allCategoriesSlug: 'all-categories',
  defaultCategorySlug: 'all-categories',
  defaultCountySlug: ALL_COUNTIES_SLUG,
  parentCategories: [],
  postSlugPrefixes: [],
  planMonthlyCents: 2000,
  planYearlyCents: 20000,
  pricesDescending: false,
};

export const SITE_PRESETS: Record<Site, SitePreset> = {
  church,
  cliste: {
    ...church,
    ...SITE_NAMES.cliste,
    // Artistic activities are category ids 16-20, health and wellbeing the ids above 20.
    parentCategories: [
      { slug: 'artistic-activities', name: 'Artistic Activities', minId: 16, maxId: 20 },
      { slug: 'health-wellbeing', name: 'Health & Wellbeing', minId: 21, maxId: null },
    ],
    postSlugPrefixes: CLISTE_PROFILE_PREFIXES,
    planMonthlyCents: 1000,
    planYearlyCents: 10000,
  },
  // The church site's musicians under one name for every kind of event.
  multi: { ...church, ...SITE_NAMES.multi, pricesDescending: true },
};
