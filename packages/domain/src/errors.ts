import { closingDay } from './crosfhocal.js';

/**
 * The error catalogue (spec section 8). Every error answer of the API carries a stable `code`; these are the codes,
 * grouped by the domain that refuses, and the message each one says. A message with values (an id, a slug) is a
 * function of them. Clients choose their text by code, so they import these rather than retype them. Each group's
 * codes are a const object used as an enum (`AuthErrorCode.WrongCode`), so the API names the code it throws.
 */

/** A code's message: fixed text, or text built from the values the refusal names. */
export type ErrorMessage = string | ((...values: never[]) => string);
/** The values a message is built from ([] for fixed text). */
export type MessageValues<M> = M extends (...values: infer V) => string ? V : [];
type Values<T> = T[keyof T];

/** Account calls: sign-up, its code, login and password resets. */
export const AuthErrorCode = {
  EmailExists: 'email_exists',
  WrongCode: 'wrong_code',
  CodeExpired: 'code_expired',
  InvalidCredentials: 'invalid_credentials',
  PasswordChangeNeeded: 'password_change_needed',
  TooManyAttempts: 'too_many_attempts',
  TooManyCodes: 'too_many_codes',
  NoRecord: 'no_record',
  InvalidToken: 'invalid_token',
} as const;
export type AuthErrorCode = Values<typeof AuthErrorCode>;
export const AUTH_ERRORS = {
  [AuthErrorCode.EmailExists]: 'That email already exists!',
  [AuthErrorCode.WrongCode]: 'That code is wrong!',
  [AuthErrorCode.CodeExpired]: 'That code has expired. Please sign up again to get a new one.',
  [AuthErrorCode.InvalidCredentials]: 'Those details are wrong!',
  [AuthErrorCode.PasswordChangeNeeded]: 'Password change needed!',
  [AuthErrorCode.TooManyAttempts]: 'Too many attempts. Please wait 15 minutes and try again.',
  [AuthErrorCode.TooManyCodes]: 'We have sent several codes to that email already. Please use the newest one, or try again later.',
  [AuthErrorCode.NoRecord]: "We've no record of that email!",
  [AuthErrorCode.InvalidToken]: 'The link is out of date.',
} as const satisfies Record<AuthErrorCode, ErrorMessage>;

/** Refreshing a session (and reading its user): every refusal ends the session. */
export const SessionErrorCode = {
  SessionEnded: 'session_ended',
  PasswordChangeNeeded: 'password_change_needed',
} as const;
export type SessionErrorCode = Values<typeof SessionErrorCode>;
export const SESSION_ERRORS = {
  [SessionErrorCode.SessionEnded]: 'Your session has ended. Please log in again.',
  [SessionErrorCode.PasswordChangeNeeded]: AUTH_ERRORS.password_change_needed,
} as const satisfies Record<SessionErrorCode, ErrorMessage>;

/** Who may call a route: the bearer token and the @Roles of the route. */
export const AccessErrorCode = {
  LoginNeeded: 'login_needed',
  InvalidAccessToken: 'invalid_access_token',
  RoleNotAllowed: 'role_not_allowed',
} as const;
export type AccessErrorCode = Values<typeof AccessErrorCode>;
export const ACCESS_ERRORS = {
  [AccessErrorCode.LoginNeeded]: 'Please log in',
  [AccessErrorCode.InvalidAccessToken]: 'The access token is invalid or has expired',
  [AccessErrorCode.RoleNotAllowed]: (roles: readonly string[]) => `Only ${roles.join(' or ')} accounts may do this`,
} as const satisfies Record<AccessErrorCode, ErrorMessage>;

export const PostsErrorCode = {
  PostNotFound: 'post_not_found',
  StatusNotAllowed: 'status_not_allowed',
} as const;
export type PostsErrorCode = Values<typeof PostsErrorCode>;
export const POSTS_ERRORS = {
  [PostsErrorCode.PostNotFound]: (by: 'id' | 'slug', value: string | number) => (by === 'id' ? `No post with id ${value}` : `No post with slug '${value}'`),
  [PostsErrorCode.StatusNotAllowed]: (status: string) => `Only signed-in listers and admins may list posts with status '${status}'`,
} as const satisfies Record<PostsErrorCode, ErrorMessage>;

export const TaxonomyErrorCode = {
  CategoryNotFound: 'category_not_found',
  CountyNotFound: 'county_not_found',
} as const;
export type TaxonomyErrorCode = Values<typeof TaxonomyErrorCode>;
export const TAXONOMY_ERRORS = {
  [TaxonomyErrorCode.CategoryNotFound]: (slug: string) => `No category with slug '${slug}'`,
  [TaxonomyErrorCode.CountyNotFound]: (slug: string) => `No county with slug '${slug}'`,
} as const satisfies Record<TaxonomyErrorCode, ErrorMessage>;

export const ArticlesErrorCode = {
  ArticleNotFound: 'article_not_found',
} as const;
export type ArticlesErrorCode = Values<typeof ArticlesErrorCode>;
export const ARTICLES_ERRORS = {
  [ArticlesErrorCode.ArticleNotFound]: (by: 'id' | 'slug', value: string) => `No article with ${by} '${value}'`,
} as const satisfies Record<ArticlesErrorCode, ErrorMessage>;

/** Files under /storage/. */
export const StorageErrorCode = {
  ImageNotFound: 'image_not_found',
} as const;
export type StorageErrorCode = Values<typeof StorageErrorCode>;
export const STORAGE_ERRORS = {
  [StorageErrorCode.ImageNotFound]: (file: string) => `No image named '${file}'`,
} as const satisfies Record<StorageErrorCode, ErrorMessage>;

/**
 * The enquiry form: its token (GET /api/enquiries/form-token/, sent back with the enquiry as `formToken`) and its limit.
 * Every public form allows a few sends an hour per address, and says too_many_attempts in its own words.
 */
export const EnquiriesErrorCode = {
  InvalidFormToken: 'invalid_form_token',
  FormExpired: 'form_expired',
  TooManyEnquiries: 'too_many_attempts',
} as const;
export type EnquiriesErrorCode = Values<typeof EnquiriesErrorCode>;
export const ENQUIRY_ERRORS = {
  [EnquiriesErrorCode.InvalidFormToken]: 'The form could not be checked. Please reload the page and try again.',
  [EnquiriesErrorCode.FormExpired]: 'This form has expired. Please reload the page and send your enquiry again.',
  [EnquiriesErrorCode.TooManyEnquiries]: 'You have sent several enquiries already. Please try again in an hour.',
} as const satisfies Record<EnquiriesErrorCode, ErrorMessage>;

export const ContactErrorCode = {
  TooManyMessages: 'too_many_attempts',
} as const;
export type ContactErrorCode = Values<typeof ContactErrorCode>;
export const CONTACT_ERRORS = {
  [ContactErrorCode.TooManyMessages]: 'You have sent several messages already. Please try again in an hour.',
} as const satisfies Record<ContactErrorCode, ErrorMessage>;

/** The day the competition closed, as its 'closed' answer and the crossword page say it. */
export const competitionClosed = (closesAt: Date | string) => `The competition closed on ${closingDay(closesAt)}.`;

export const CrosfhocalErrorCode = {
  AlreadyEntered: 'already_entered',
  Closed: 'closed',
  TooManyEntries: 'too_many_attempts',
} as const;
export type CrosfhocalErrorCode = Values<typeof CrosfhocalErrorCode>;
export const CROSFHOCAL_ERRORS = {
  [CrosfhocalErrorCode.AlreadyEntered]: 'This email has already entered the competition.',
  [CrosfhocalErrorCode.Closed]: competitionClosed,
  [CrosfhocalErrorCode.TooManyEntries]: 'You have sent several entries already. Please try again in an hour.',
} as const satisfies Record<CrosfhocalErrorCode, ErrorMessage>;

/** What a request itself may get wrong, before any domain reads it: its fields, its body, its path. */
export const RequestErrorCode = {
  /** A field failed its DTO's rules; `field` names the first, `errors` lists each field's first problem. */
  ValidationFailed: 'validation_failed',
  /** A body the parser gave up on before reading it as JSON (cut short, or not as long as announced). */
  InvalidJson: 'invalid_json',
  BodyTooDeep: 'body_too_deep',
  BodyTooLarge: 'body_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  /** No route has this path; the message is the framework's ('Cannot GET /api/nothing/'). */
  NotFound: 'not_found',
  /** A request the framework could not read: JSON that does not parse, a path that does not decode. The message is the framework's. */
  InvalidRequest: 'invalid_request',
} as const;
export type RequestErrorCode = Values<typeof RequestErrorCode>;
export const REQUEST_ERRORS = {
  [RequestErrorCode.ValidationFailed]: (problems: readonly { message: string }[]) => problems.map((p) => p.message).join('; '),
  [RequestErrorCode.InvalidJson]: 'Request body is not valid JSON',
  [RequestErrorCode.BodyTooDeep]: (maxDepth: number) => `The request body nests objects and arrays more than ${maxDepth} levels deep`,
  [RequestErrorCode.BodyTooLarge]: 'Request body is too large',
  [RequestErrorCode.UnsupportedMediaType]: 'The request body must be JSON in UTF-8, sent plain or compressed with gzip, deflate or br',
  [RequestErrorCode.NotFound]: (frameworkMessage: string) => frameworkMessage,
  [RequestErrorCode.InvalidRequest]: (frameworkMessage: string) => frameworkMessage,
} as const satisfies Record<RequestErrorCode, ErrorMessage>;
/** Code 'body_too_deep': a JSON body nested deeper than the API reads. */
export const bodyTooDeep = REQUEST_ERRORS.body_too_deep;

/** Answers about the service itself rather than one call: GET /readyz, and anything that failed unexpectedly. */
export const ServiceErrorCode = {
  /** Something failed that the caller could not have caused; the details are logged, never sent. */
  InternalError: 'internal_error',
  DatabaseUnreachable: 'database_unreachable',
} as const;
export type ServiceErrorCode = Values<typeof ServiceErrorCode>;
export const SERVICE_ERRORS = {
  [ServiceErrorCode.InternalError]: 'Internal server error',
  [ServiceErrorCode.DatabaseUnreachable]: 'The database cannot be reached.',
} as const satisfies Record<ServiceErrorCode, ErrorMessage>;

/** Every domain the API refuses in, with its codes and their messages: the API's one source of error texts. */
export const ERROR_CATALOGUE = {
  auth: AUTH_ERRORS,
  session: SESSION_ERRORS,
  access: ACCESS_ERRORS,
  posts: POSTS_ERRORS,
  taxonomy: TAXONOMY_ERRORS,
  articles: ARTICLES_ERRORS,
  storage: STORAGE_ERRORS,
  enquiries: ENQUIRY_ERRORS,
  contact: CONTACT_ERRORS,
  crosfhocal: CROSFHOCAL_ERRORS,
  request: REQUEST_ERRORS,
  service: SERVICE_ERRORS,
} as const;
export type ErrorDomain = keyof typeof ERROR_CATALOGUE;
/** The codes of one domain (of each, for a union of domains). */
export type CodeOf<D extends ErrorDomain> = D extends ErrorDomain ? keyof (typeof ERROR_CATALOGUE)[D] & string : never;
/** The message of a domain's code. */
export type MessageOf<D extends ErrorDomain, C extends CodeOf<D>> = C extends keyof (typeof ERROR_CATALOGUE)[D] ? (typeof ERROR_CATALOGUE)[D][C] : never;

/** The site server's own answer when the API failed or could not be reached: the visitor may retry. */
export const SITE_ERRORS = {
  api_unavailable: 'The directory is not answering just now. Please try again in a moment.',
} as const;

export type ErrorCode = CodeOf<ErrorDomain> | keyof typeof SITE_ERRORS;

/**
 * One fixed text per code, for clients that show a code's text rather than the answer's message. A code several
 * domains share (too_many_attempts) reads here as the account calls word it; the forms' own wording comes in the answer.
 */
export const ERROR_MESSAGES = {
  [EnquiriesErrorCode.InvalidFormToken]: ENQUIRY_ERRORS.invalid_form_token,
  [EnquiriesErrorCode.FormExpired]: ENQUIRY_ERRORS.form_expired,
  [CrosfhocalErrorCode.AlreadyEntered]: CROSFHOCAL_ERRORS.already_entered,
  ...SERVICE_ERRORS,
  ...SITE_ERRORS,
  ...SESSION_ERRORS,
  ...AUTH_ERRORS,
} as const;

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
