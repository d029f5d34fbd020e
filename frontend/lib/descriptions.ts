import { closingDay, CrosfhocalStatusDto, formatEuro, PLAN_TERMS, PlansDto, Site, TRIAL_MONTHS } from '@directory/domain';
import { COPY } from './copy';

/** Who lists and who searches on each site, as the page descriptions name them. */
const PEOPLE: Record<Site, { listers: string; seekers: string }> = {
  church: { listers: 'church and wedding musicians', seekers: 'couples, celebrants and wedding planners' },
  cliste: { listers: 'school tour and workshop providers', seekers: 'schools, teachers and TY coordinators' },
  multi: { listers: 'musicians', seekers: 'couples, event planners and venues' },
};


/**
 * The meta description of every page that does not describe itself from its own content (listings, profiles and
 * articles do): what the page offers, in its site's words, for search results and link previews. One function per
 * page, each given the site (and what the page's data adds).
 */
export const DESCRIPTIONS = {
  about: (site: Site) =>
    `How ${COPY[site].siteName} began in 2008 and grew to list ${PEOPLE[site].listers} across Ireland: our story, numbers, featured profiles and guides.`,
  articles: (site: Site) => `Guides and articles from ${COPY[site].siteName} for ${PEOPLE[site].seekers}: ideas, advice and what to ask before you book.`,
  categories: (site: Site) =>
    `Browse ${PEOPLE[site].listers} on ${COPY[site].siteName} by category: every category with a short description and the number of profiles it lists.`,
  counties: (site: Site) => `Find ${PEOPLE[site].listers} near you: all 32 counties of Ireland on ${COPY[site].siteName}, each with its number of profiles.`,
  map: (site: Site) => `See the ${PEOPLE[site].listers} of ${COPY[site].siteName} on one map of Ireland's 32 counties, and open any profile from its marker.`,
  contact: (site: Site) =>
    `Contact the ${COPY[site].siteName} team by phone, email or the contact form with questions about the directory, your listing or your account.`,
  crosfhocal: (site: Site, crossword: CrosfhocalStatusDto) =>
    crossword.open
      ? `Enter the ${COPY[site].siteName} Crosfhocal: solve the crossword and send your twelve answers for a chance to win €${crossword.prize_euro}. Entries close on ${closingDay(crossword.closes_at)}.`
      : `The ${COPY[site].siteName} Crosfhocal crossword competition, with a prize of €${crossword.prize_euro} for the first correct entry drawn, closed on ${closingDay(crossword.closes_at)}.`,
  logIn: (site: Site) =>
    `Log in to your ${COPY[site].siteName} control panel to update your profile, photos, video and audio, and to read the enquiries you receive.`,
  logInStage: (site: Site) => `The staging copy of ${COPY[site].siteName}: sign in with a team account to review changes before they go live.`,
  resetRequest: (site: Site) => `Forgotten your ${COPY[site].siteName} password? Enter your email address and we will send you a link to choose a new one.`,
  resetSubmit: (site: Site) =>
    `Choose a new password for your ${COPY[site].siteName} account from the link we emailed you: at least 8 characters with a letter and a number.`,
  pricing: (site: Site, plans: PlansDto) =>
    `${COPY[site].siteName} pricing: publish your profile for ${formatEuro(plans.monthly_cents)} a month or ${formatEuro(plans.yearly_cents)} a year after a ${TRIAL_MONTHS}-month free trial, with a full refund within ${PLAN_TERMS.refundDays} days.` +
    (site === 'cliste' ? ' Free for life for organisations that do not charge students.' : ''),
  privacy: (site: Site) =>
    `How ${COPY[site].siteName} collects, uses and keeps the personal data of members, enquirers and visitors, and how to exercise your data protection rights.`,
  terms: (site: Site) =>
    `The terms of use of ${COPY[site].siteName}: members' listings, enquiries, subscriptions with their free trial and refunds, and acceptable use of the directory.`,
  signUpStart: (site: Site) => `Are you a ${COPY[site].listerType}? Join ${COPY[site].siteName} free in seconds and be found by ${PEOPLE[site].seekers} across Ireland.`,
  signUp: (site: Site) =>
    `Create your free ${COPY[site].siteName} account with your name, work email and a password, then confirm it with the 4-digit code we email you.`,
  controlPanel: (site: Site) => `Your ${COPY[site].siteName} control panel: your account, your profile and the enquiries you receive.`,
  draft: (site: Site, title: string) => `Draft preview of ${title} on ${COPY[site].siteName}: only its lister can see it until it is published.`,
  error: (site: Site, is404: boolean) =>
    is404
      ? `That page is not on ${COPY[site].siteName}. Browse ${PEOPLE[site].listers} by category or county, or start from the full directory.`
      : `${COPY[site].siteName} could not show this page just now. Please try again in a moment.`,
};
