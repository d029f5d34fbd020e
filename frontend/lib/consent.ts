import type { PublicSiteConfig } from './types';

/** The visitor's cookie choices, kept in local storage and reapplied on every start. */
export const CONSENT_KEY = 'cookie_consent';
export const CHOICES = [
  ['ad_user_data', 'Ad user data'],
  ['ad_personalization', 'Ad personalization'],
  ['ad_storage', 'Ad storage'],
  ['analytics_storage', 'Analytics storage'],
  ['session_analytics', 'Session analytics'],
] as const;
export type Choice = (typeof CHOICES)[number][0];
export type Consent = { chosen: boolean } & Record<Choice, boolean>;

export const allChoices = (granted: boolean): Consent =>
  ({ chosen: true, ...Object.fromEntries(CHOICES.map(([k]) => [k, granted])) }) as Consent;

export function readConsent(): Consent | null {
  try {
    const c = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null');
    return c && c.chosen === true ? c : null;
  } catch {
    return null;
  }
}

export function saveConsent(c: Consent): void {
  localStorage.setItem(CONSENT_KEY, JSON.stringify(c));
}

/** Adds the analytics script when ad user data is granted and the session-analytics tool when it is; removes them otherwise. */
export function applyConsent(c: Consent, site: PublicSiteConfig): void {
  script('analytics-script', c.ad_user_data && site.analyticsId ? `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(site.analyticsId)}` : null);
  script('session-analytics-script', c.session_analytics && site.sessionAnalyticsId ? `https://www.clarity.ms/tag/${encodeURIComponent(site.sessionAnalyticsId)}` : null);
}

function script(id: string, src: string | null) {
  const existing = document.getElementById(id);
  if (!src) return existing?.remove();
  if (existing) return;
  const el = document.createElement('script');
  el.id = id;
  el.async = true;
  el.src = src;
  document.head.append(el);
}
