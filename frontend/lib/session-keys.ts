/** Session-storage keys: the email typed on /sign-up-start. */
export const START_EMAIL_KEY = 'signup_email';
/** The plan picked on /pricing: after sign-up the lister lands on /cp/subscription with it. */
export const START_PLAN_KEY = 'signup_plan';
/**
 * Where a new lister lands after sign-up: the dashboard, told by its address that this is the first visit, so the
 * server renders the greeting for a newcomer ('Welcome', not 'Welcome back') from the start.
 */
export const WELCOME_PARAM = 'welcome';
export const FIRST_DASHBOARD = `/cp/dashboard?${WELCOME_PARAM}`;
/** Set after a stage login: staging navigation is allowed in this tab. */
export const STAGE_OK_KEY = 'stage_ok';
