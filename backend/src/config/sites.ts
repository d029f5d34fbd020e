/**
 * Per-variant defaults. One codebase serves several sites; `SITE` picks a preset and
 * individual environment variables may override any value (see configuration.ts).
 */
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

export interface SitePreset {
  siteName: string;
  shortSiteName: string;
  allCategoriesSlug: string;
  defaultCategorySlug: string;
  defaultCountySlug: string;
  parentCategories: ParentCategory[];
  /** Cliste profile paths are a single segment starting with one of these. */
  postSlugPrefixes: string[];
  planMonthlyCents: number;
  planYearlyCents: number;
  /** Multi-user site lists prices descending; the others ascending (spec section 9). */
  pricesDescending: boolean;
}

export const SITE_PRESETS: Record<Site, SitePreset> = {
  church: {
    siteName: 'Church Musicians Ireland',
    shortSiteName: 'Church Musicians',
    allCategoriesSlug: 'all-categories',
    defaultCategorySlug: 'all-categories',
    defaultCountySlug: 'all-counties',
    parentCategories: [],
    postSlugPrefixes: [],
    planMonthlyCents: 2000,
    planYearlyCents: 20000,
    pricesDescending: false,
  },
  cliste: {
    siteName: 'Cliste',
    shortSiteName: 'Cliste',
    allCategoriesSlug: 'all-categories',
    defaultCategorySlug: 'all-categories',
    defaultCountySlug: 'all-counties',
    parentCategories: [
      { slug: 'artistic-activities', name: 'Artistic Activities', minId: 16, maxId: 20 },
      { slug: 'health-wellbeing', name: 'Health & Wellbeing', minId: 21, maxId: null },
    ],
    postSlugPrefixes: ['school-tours-', 'school-workshops-'],
    planMonthlyCents: 1000,
    planYearlyCents: 10000,
    pricesDescending: false,
  },
  multi: {
    siteName: 'Musicians Ireland',
    shortSiteName: 'Musicians',
    allCategoriesSlug: 'all-categories',
    defaultCategorySlug: 'all-categories',
    defaultCountySlug: 'all-counties',
    parentCategories: [],
    postSlugPrefixes: [],
    planMonthlyCents: 2000,
    planYearlyCents: 20000,
    pricesDescending: true,
  },
};
