import { closingDay } from './crosfhocal.js';

/**
 * The error catalogue (spec section 8). Every error answer of the API carries a stable `code`; these are the codes and
 * the message each one says. Clients choose their text by code, so they import these rather than retype them.
 */
export const AUTH_ERRORS = {
  email_exists: 'That email already exists!',
  wrong_code: 'That code is wrong!',
  code_expired: 'That code has expired. Please sign up again to get a new one.',
  invalid_credentials: 'Those details are wrong!',
  password_change_needed: 'Password change needed!',
  too_many_attempts: 'Too many attempts. Please wait 15 minutes and try again.',
  too_many_codes: 'We have sent several codes to that email already. Please use the newest one, or try again later.',
  no_record: "We've no record of that email!",
  invalid_token: 'The link is out of date.',
  session_ended: 'Your session has ended. Please log in again.',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export const CROSFHOCAL_ERRORS = {
  already_entered: 'This email has already entered the competition.',
} as const;

/** The enquiry form's token (GET /api/enquiries/form-token/), sent back with the enquiry as `formToken`. */
export const ENQUIRY_ERRORS = {
  invalid_form_token: 'The form could not be checked. Please reload the page and try again.',
  form_expired: 'This form has expired. Please reload the page and send your enquiry again.',
} as const;

/** Answers about the service itself rather than one call: GET /readyz, and the site server's relays to the API. */
export const SERVICE_ERRORS = {
  database_unreachable: 'The database cannot be reached.',
  /** The site server's answer when the API failed or could not be reached: the visitor may retry. */
  api_unavailable: 'The directory is not answering just now. Please try again in a moment.',
} as const;

/**
 * too_many_attempts as each public form words it: every form allows a few sends an hour per address (the account
 * calls say AUTH_ERRORS.too_many_attempts).
 */
export const FORM_LIMIT_MESSAGES = {
  contact: 'You have sent several messages already. Please try again in an hour.',
  enquiry: 'You have sent several enquiries already. Please try again in an hour.',
  crosfhocal: 'You have sent several entries already. Please try again in an hour.',
} as const;

/** Code 'closed': the day the competition closed. */
export const competitionClosed = (closesAt: Date | string) => `The competition closed on ${closingDay(closesAt)}.`;
/** Code 'body_too_deep': a JSON body nested deeper than the API reads. */
export const bodyTooDeep = (maxDepth: number) => `The request body nests objects and arrays more than ${maxDepth} levels deep`;

export const ERROR_MESSAGES = { ...AUTH_ERRORS, ...CROSFHOCAL_ERRORS, ...ENQUIRY_ERRORS, ...SERVICE_ERRORS } as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES | 'closed' | 'body_too_deep';

/** The catalogue's texts that clients show for an outcome rather than for an API code (spec section 8). */
export const CLIENT_MESSAGES = {
  /** Sign-up or code step failed for any reason other than email_exists. */
  network: 'Network error. Please try again later.',
  resetSent: 'Success! We have emailed you a link!',
  resetProblem: "We've encountered a problem",
  /** Password reset submit failed. */
  serverError: 'A server error has occurred!',
  resetDone: 'Success! Redirecting to login page...',
  /** Contact (and enquiry) form sent / failed. */
  messageSent: 'Message sent!',
  problemTryLater: 'There is a problem. Please try later!',
  /** Crosfhocal entry failed. */
  errorRefreshPage: 'There was an error. Please refresh the page and try again!',
} as const;
