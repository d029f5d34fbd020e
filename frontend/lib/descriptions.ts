import type { Site } from '@directory/domain';

/**
 * Who lists and who searches on each site, as the page descriptions name them. The meta description of every page
 * that does not describe itself from its own content (listings, profiles and articles do) is in the page's own
 * +description.ts: what the page offers, in its site's words, for search results and link previews. vike-react runs
 * +description in the browser too (client-side navigation), so each page's JavaScript carries its own text only
 * (the page JavaScript budget, docs/performance.md), where one shared module made every page carry all of them. The pages in the catalogues take
 * the listers' words from there (locales/, `site.<site>.listers`).
 */
export const PEOPLE: Record<Site, { listers: string; seekers: string }> = {
  church: { listers: 'church and wedding musicians', seekers: 'couples, celebrants and wedding planners' },
  cliste: { listers: 'school tour and workshop providers', seekers: 'schools, teachers and TY coordinators' },
  multi: { listers: 'musicians', seekers: 'couples, event planners and venues' },
};
