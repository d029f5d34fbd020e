import { closingDay } from './crosfhocal.js';

/**
 * The error catalogue. Every error answer of the API carries a stable `code`; these are the codes,
 * grouped by the domain that refuses, and the message each one says. A message with values (an id, a slug) is a
 * function of them. Clients choose their text by code, so they import these rather than retype them. Each group gives
 * its codes as a const object used as an enum (`AuthErrorCode.WrongCode`), so the API names the code it throws, and its
 * messages by code (`AUTH_ERRORS.wrong_code`).
 */

/** A code's message: fixed text, or text built from the values the refusal names. */
export type ErrorMessage = string | ((...values: never[]) => string);
/** The values a message is built from ([] for fixed text). */
export type MessageValues<M> = M extends (...values: infer V) => string ? V : [];
type Values<T> = T[keyof T];

/**
 * One domain's refusals, each named once with its code and its message: `{ WrongCode: ['wrong_code', 'That code…'] }`.
 * Gives the codes by name (the enum) and the messages by code, so a code and its message are never written apart.
 */
function errorDomain<const E extends Record<string, readonly [code: string, message: ErrorMessage]>>(refusals: E) {
  const entries = Object.entries(refusals);
  return [Object.fromEntries(entries.map(([name, [code]]) => [name, code])), Object.fromEntries(entries.map(([, [code, message]]) => [code, message]))] as unknown as [
    codes: { readonly [N in keyof E]: E[N][0] },
    messages: { readonly [N in keyof E as E[N][0]]: E[N][1] },
  ];
}

/** Account calls: sign-up, its code, login and password resets. */
export const [AuthErrorCode, AUTH_ERRORS] = errorDomain({
  EmailExists: ['email_exists', 'That email already exists!'],
  WrongCode: ['wrong_code', 'That code is wrong!'],
  CodeExpired: ['code_expired', 'That code has expired. Please sign up again to get a new one.'],
  InvalidCredentials: ['invalid_credentials', 'Those details are wrong!'],
  PasswordChangeNeeded: ['password_change_needed', 'Password change needed!'],
  TooManyAttempts: ['too_many_attempts', 'Too many attempts. Please wait 15 minutes and try again.'],
  TooManyCodes: ['too_many_codes', 'We have sent several codes to that email already. Please use the newest one, or try again later.'],
  NoRecord: ['no_record', "We've no record of that email!"],
  InvalidToken: ['invalid_token', 'The link is out of date.'],
  CommonPassword: ['common_password', 'That password is one of the most common ones. Please choose a password that is harder to guess.'],
});
export type AuthErrorCode = Values<typeof AuthErrorCode>;

/** Refreshing a session (and reading its user): every refusal ends the session. */
export const [SessionErrorCode, SESSION_ERRORS] = errorDomain({
  SessionEnded: ['session_ended', 'Your session has ended. Please log in again.'],
  PasswordChangeNeeded: ['password_change_needed', AUTH_ERRORS.password_change_needed],
});
export type SessionErrorCode = Values<typeof SessionErrorCode>;

/** Who may call a route: the bearer token and the @Roles of the route. */
export const [AccessErrorCode, ACCESS_ERRORS] = errorDomain({
  LoginNeeded: ['login_needed', 'Please log in'],
  InvalidAccessToken: ['invalid_access_token', 'The access token is invalid or has expired'],
  RoleNotAllowed: ['role_not_allowed', (roles: readonly string[]) => `Only ${roles.join(' or ')} accounts may do this`],
  /** On stage (STAGE=true): an account that is neither an admin nor on the stage's list, or a sign-up not on it. */
  StageOnly: ['stage_only', 'This is a test site: only invited accounts may use it.'],
  /** A member's write past one of WRITE_QUOTAS (limits.ts), named by quotaText. */
  TooManyWrites: ['too_many_writes', (quota: string) => `You have made too many changes in a short time (at most ${quota}). Please wait a while and try again.`],
});
export type AccessErrorCode = Values<typeof AccessErrorCode>;

export const [PostsErrorCode, POSTS_ERRORS] = errorDomain({
  PostNotFound: ['post_not_found', (by: 'id' | 'slug', value: string | number) => (by === 'id' ? `No post with id ${value}` : `No post with slug '${value}'`)],
  StatusNotAllowed: ['status_not_allowed', (status: string) => `Only signed-in listers and admins may list posts with status '${status}'`],
  HiddenNotAllowed: ['hidden_not_allowed', 'Only admins may hide a listing.'],
  PhotoTooLarge: ['photo_too_large', 'The photo is larger than 10 MB. Please choose a smaller one.'],
  PhotoType: ['photo_type', 'The photo must be a JPEG, PNG or WebP image.'],
  PhotoUnreadable: ['photo_unreadable', 'The photo could not be read. Please choose another JPEG, PNG or WebP image.'],
  PhotoTooManyPixels: ['photo_too_many_pixels', 'The photo has too many pixels. Please choose one under 40 megapixels.'],
  PhotoMissing: ['photo_missing', 'Please choose a photo to upload (form field photo).'],
  PhotoWhileHidden: ['photo_while_hidden', 'A hidden listing has no photo. Unhide it before uploading one.'],
});
export type PostsErrorCode = Values<typeof PostsErrorCode>;

export const [TaxonomyErrorCode, TAXONOMY_ERRORS] = errorDomain({
  CategoryNotFound: ['category_not_found', (slug: string) => `No category with slug '${slug}'`],
  CountyNotFound: ['county_not_found', (slug: string) => `No county with slug '${slug}'`],
});
export type TaxonomyErrorCode = Values<typeof TaxonomyErrorCode>;

export const [ArticlesErrorCode, ARTICLES_ERRORS] = errorDomain({
  ArticleNotFound: ['article_not_found', (by: 'id' | 'slug', value: string) => `No article with ${by} '${value}'`],
});
export type ArticlesErrorCode = Values<typeof ArticlesErrorCode>;

/** Files under /storage/. */
export const [StorageErrorCode, STORAGE_ERRORS] = errorDomain({
  ImageNotFound: ['image_not_found', (file: string) => `No image named '${file}'`],
});
export type StorageErrorCode = Values<typeof StorageErrorCode>;

/**
 * The enquiry form: its token (GET /api/enquiries/form-token/, sent back with the enquiry as `formToken`) and its limit.
 * Every public form allows a few sends an hour per address, and says too_many_attempts in its own words.
 */
export const [EnquiriesErrorCode, ENQUIRY_ERRORS] = errorDomain({
  InvalidFormToken: ['invalid_form_token', 'The form could not be checked. Please reload the page and try again.'],
  FormExpired: ['form_expired', 'This form has expired. Please reload the page and send your enquiry again.'],
  TooManyEnquiries: ['too_many_attempts', 'You have sent several enquiries already. Please try again in an hour.'],
});
export type EnquiriesErrorCode = Values<typeof EnquiriesErrorCode>;

export const [ContactErrorCode, CONTACT_ERRORS] = errorDomain({
  TooManyMessages: ['too_many_attempts', 'You have sent several messages already. Please try again in an hour.'],
});
export type ContactErrorCode = Values<typeof ContactErrorCode>;

/** The day the competition closed, as its 'closed' answer and the crossword page say it. */
export const competitionClosed = (closesAt: Date | string) => `The competition closed on ${closingDay(closesAt)}.`;

export const [CrosfhocalErrorCode, CROSFHOCAL_ERRORS] = errorDomain({
  AlreadyEntered: ['already_entered', 'This email has already entered the competition.'],
  Closed: ['closed', competitionClosed],
  TooManyEntries: ['too_many_attempts', 'You have sent several entries already. Please try again in an hour.'],
});
export type CrosfhocalErrorCode = Values<typeof CrosfhocalErrorCode>;

/** The control panel's own records: a member's enquiries and media, and their account. */
export const [PanelErrorCode, PANEL_ERRORS] = errorDomain({
  EnquiryNotFound: ['enquiry_not_found', (id: number) => `No enquiry with id ${id}`],
  MediaNotFound: ['media_not_found', (kind: 'video' | 'audio', id: number) => `No ${kind} with id ${id}`],
  UserNotAllowed: ['user_not_allowed', 'You may only change your own account.'],
  WrongPassword: ['wrong_password', 'That password is wrong!'],
  EmailChangeCodeWrong: ['wrong_code', 'That code is wrong!'],
  EmailChangeExpired: ['code_expired', 'That code has expired. Please ask for the email change again to get a new one.'],
  NoEmailChange: ['no_email_change', 'There is no email change waiting for a code.'],
  EmailExists: ['email_exists', 'That email already exists!'],
  TooManyAttempts: ['too_many_attempts', 'Too many attempts. Please wait 15 minutes and try again.'],
  CommonPassword: ['common_password', AUTH_ERRORS.common_password],
  PastDay: ['past_day', (day: string) => `${day} is past: past days of the calendar cannot be changed.`],
  TooManyFeeds: ['too_many_feeds', (max: number) => `A listing may have at most ${max} calendar feeds.`],
  FeedExists: ['feed_exists', 'That calendar feed is already added.'],
  FeedNotFound: ['feed_not_found', (id: number) => `No calendar feed with id ${id}`],
  ExportNotFound: ['export_not_found', 'No calendar at this address: it may have been replaced by a new one.'],
});
export type PanelErrorCode = Values<typeof PanelErrorCode>;

/** Subscriptions: publishing needs one, refunds have a window. */
export const [BillingErrorCode, BILLING_ERRORS] = errorDomain({
  SubscriptionRequired: ['subscription_required', 'Publishing needs a subscription. Start your 2-month free trial to publish your listing.'],
  RefundWindowClosed: ['refund_window_closed', (days: number) => `A refund can be asked for within ${days} days of the first payment.`],
  /** A refund of a later payment: the guarantee covers a lister's first payment ever, once; an admin decides the rest. */
  RefundByAdmin: ['refund_by_admin', (days: number) => `The ${days}-day refund covers your first payment only, so we have passed your request to our team: they will reply by email.`],
  SubscriptionExists: ['subscription_exists', 'You already have a subscription: see it in your control panel.'],
  NoSubscription: ['no_subscription', 'You have no subscription.'],
  SubscriptionNotFound: ['subscription_not_found', (id: number | string) => `Subscription ${id} not found.`],
  FreeForLifeNotOffered: ['free_for_life_not_offered', 'Free for life is offered to school tour and workshop organisations only.'],
  ApplicationExists: ['application_exists', 'You have applied already: an administrator will decide soon.'],
  ApplicationNotFound: ['application_not_found', (id: number | string) => `Application ${id} not found.`],
  ApplicationDecided: ['application_decided', 'This application has been decided already.'],
  InvalidSignature: ['invalid_signature', 'The webhook signature does not match its body.'],
  PaymentsUnavailable: ['payments_unavailable', 'Payments are not available right now. Please try again later.'],
});
export type BillingErrorCode = Values<typeof BillingErrorCode>;

/**
 * Reviews: the invitation's and the edit's links (a clear answer for each way a link stops working, saying what to
 * do), and the lister's and admins' changes.
 */
export const [ReviewsErrorCode, REVIEW_ERRORS] = errorDomain({
  LinkNotFound: ['review_link_not_found', 'This review link is not valid. Please use the whole link from your email, or write to us if it still does not work.'],
  InvitationUsed: ['invitation_used', 'A review has already been written with this link. Your email has a link to change it once within 30 days.'],
  InvitationExpired: ['invitation_expired', 'This review link has expired: links work for 12 months after the invitation. Write to us if you still want to review.'],
  EditUsed: ['edit_used', 'This review has been changed once already, which is all a review may be. Write to us if something in it is wrong.'],
  EditExpired: ['edit_expired', 'Reviews may be changed within 30 days of being written, and that time has passed. Write to us if something in it is wrong.'],
  ReviewRemoved: ['review_removed', 'This review was removed by our team, so it can no longer be changed.'],
  BookedNeeded: ['booked_needed', 'Please say whether you booked.'],
  ReviewNotFound: ['review_not_found', (id: number) => `No review with id ${id}`],
  NotHeld: ['review_not_held', 'Only a review that is still held can be given more time.'],
  MoreTimeAsked: ['more_time_asked', 'You have asked for more time for this review already: it is held 14 days at most.'],
  AlreadyReported: ['already_reported', 'You have reported this review already: our team will decide soon.'],
  ReplyToRemoved: ['reply_to_removed', 'This review was removed, so it takes no reply.'],
  RemovalReasonNeeded: ['removal_reason_needed', 'Please choose why the review is removed: not a client, personal data or abuse.'],
});
export type ReviewsErrorCode = Values<typeof ReviewsErrorCode>;

/** The admin back office (/api/admin/...): records by id, and changes an admin may not make. */
export const [AdminErrorCode, ADMIN_ERRORS] = errorDomain({
  RecordNotFound: ['record_not_found', (resource: string, id: string | number) => `No ${resource} record with id ${id}`],
  EmailTaken: ['email_taken', 'Another account already has that email.'],
  SlugTaken: ['slug_taken', 'Another record already has that slug.'],
  OwnAccount: ['own_account', 'Admins cannot delete, disable or demote their own account here.'],
});
export type AdminErrorCode = Values<typeof AdminErrorCode>;

/** What a request itself may get wrong, before any domain reads it: its fields, its body, its path. */
export const [RequestErrorCode, REQUEST_ERRORS] = errorDomain({
  /** A field failed its DTO's rules; `field` names the first, `errors` lists each field's first problem. */
  ValidationFailed: ['validation_failed', (problems: readonly { message: string }[]) => problems.map((p) => p.message).join('; ')],
  /** A body the parser gave up on before reading it as JSON (cut short, or not as long as announced). */
  InvalidJson: ['invalid_json', 'Request body is not valid JSON'],
  BodyTooDeep: ['body_too_deep', (maxDepth: number) => `The request body nests objects and arrays more than ${maxDepth} levels deep`],
  BodyTooLarge: ['body_too_large', 'Request body is too large'],
  UnsupportedMediaType: ['unsupported_media_type', 'The request body must be JSON in UTF-8, sent plain or compressed with gzip, deflate or br'],
  /** No route has this path; the message is the framework's ('Cannot GET /api/nothing/'). */
  NotFound: ['not_found', (frameworkMessage: string) => frameworkMessage],
  /** A request the framework could not read: JSON that does not parse, a path that does not decode. The message is the framework's. */
  InvalidRequest: ['invalid_request', (frameworkMessage: string) => frameworkMessage],
});
export type RequestErrorCode = Values<typeof RequestErrorCode>;

/** Answers about the service itself rather than one call: GET /readyz's failing checks, and anything that failed unexpectedly. */
export const [ServiceErrorCode, SERVICE_ERRORS] = errorDomain({
  /** Something failed that the caller could not have caused; the details are logged, never sent. */
  InternalError: ['internal_error', 'Internal server error'],
  DatabaseUnreachable: ['database_unreachable', 'The database cannot be reached.'],
  /** GET /readyz: the database answers but its schema is behind this build (the start's `migrate` has not run or failed). */
  MigrationsPending: ['migrations_pending', (names: string[]) => `Database migrations are pending: ${names.join(', ')}.`],
  /** GET /readyz once the process has begun to stop: the balancer sends new requests to another replica. */
  ShuttingDown: ['shutting_down', 'The service is shutting down.'],
});
export type ServiceErrorCode = Values<typeof ServiceErrorCode>;

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
  billing: BILLING_ERRORS,
  reviews: REVIEW_ERRORS,
  admin: ADMIN_ERRORS,
  panel: PANEL_ERRORS,
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

/** The catalogue's texts that clients show for an outcome rather than for an API code. */
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
