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
  no_record: "We've no record of that email!",
  invalid_token: 'The link is out of date.',
  session_ended: 'Your session has ended. Please log in again.',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export const CROSFHOCAL_ERRORS = {
  already_entered: 'This email has already entered the competition.',
} as const;
/** Code 'closed': the one message that carries a value, the day the competition closed. */
export const competitionClosed = (closesAt: Date | string) => `The competition closed on ${closingDay(closesAt)}.`;

export const ERROR_MESSAGES = { ...AUTH_ERRORS, ...CROSFHOCAL_ERRORS } as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES | 'closed';

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
