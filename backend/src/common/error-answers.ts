import { CodeOf, ERROR_CATALOGUE, ErrorBody, ErrorDomain, ErrorMessage, RequestErrorCode } from '@directory/domain';
import { HttpException, HttpStatus } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import { DomainException, ErrorDetails } from './domain.exception';

const { BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, TOO_MANY_REQUESTS } = HttpStatus;

/**
 * The status of every code, by domain. With the catalogue's messages (@directory/domain) this is the whole of what an
 * error answer says, so a code answers alike wherever it is thrown.
 */
export const ERROR_STATUSES: { [D in ErrorDomain]: Record<CodeOf<D>, HttpStatus> } = {
  auth: {
    email_exists: CONFLICT,
    wrong_code: BAD_REQUEST,
    code_expired: BAD_REQUEST,
    invalid_credentials: UNAUTHORIZED,
    password_change_needed: FORBIDDEN,
    too_many_attempts: TOO_MANY_REQUESTS,
    too_many_codes: TOO_MANY_REQUESTS,
    no_record: NOT_FOUND,
    invalid_token: BAD_REQUEST,
    common_password: BAD_REQUEST,
  },
  // The site server ends its session on a 401 from a refresh, so every refusal here is one.
  session: { session_ended: UNAUTHORIZED, password_change_needed: UNAUTHORIZED },
  access: { login_needed: UNAUTHORIZED, invalid_access_token: UNAUTHORIZED, role_not_allowed: FORBIDDEN, stage_only: FORBIDDEN, too_many_writes: TOO_MANY_REQUESTS },
  posts: {
    post_not_found: NOT_FOUND,
    status_not_allowed: FORBIDDEN,
    hidden_not_allowed: BAD_REQUEST,
    photo_too_large: PAYLOAD_TOO_LARGE,
    photo_type: UNSUPPORTED_MEDIA_TYPE,
    photo_unreadable: BAD_REQUEST,
    photo_too_many_pixels: BAD_REQUEST,
    photo_missing: BAD_REQUEST,
    photo_while_hidden: CONFLICT,
  },
  taxonomy: { category_not_found: NOT_FOUND, county_not_found: NOT_FOUND },
  articles: { article_not_found: NOT_FOUND },
  storage: { image_not_found: NOT_FOUND },
  enquiries: { invalid_form_token: BAD_REQUEST, form_expired: BAD_REQUEST, too_many_attempts: TOO_MANY_REQUESTS },
  contact: { too_many_attempts: TOO_MANY_REQUESTS },
  crosfhocal: { already_entered: CONFLICT, closed: FORBIDDEN, too_many_attempts: TOO_MANY_REQUESTS },
  billing: {
    subscription_required: HttpStatus.PAYMENT_REQUIRED,
    refund_window_closed: FORBIDDEN,
    refund_by_admin: FORBIDDEN,
    subscription_exists: CONFLICT,
    no_subscription: NOT_FOUND,
    subscription_not_found: NOT_FOUND,
    free_for_life_not_offered: FORBIDDEN,
    application_exists: CONFLICT,
    application_decided: CONFLICT,
    application_not_found: NOT_FOUND,
    invalid_signature: BAD_REQUEST,
    payments_unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  },
  reviews: {
    review_link_not_found: NOT_FOUND,
    // A link that worked once and no longer does: gone, and the answer's message says what to do instead.
    invitation_used: HttpStatus.GONE,
    invitation_expired: HttpStatus.GONE,
    edit_used: HttpStatus.GONE,
    edit_expired: HttpStatus.GONE,
    review_removed: HttpStatus.GONE,
    booked_needed: BAD_REQUEST,
    review_not_found: NOT_FOUND,
    review_not_held: CONFLICT,
    more_time_asked: CONFLICT,
    already_reported: CONFLICT,
    reply_to_removed: CONFLICT,
    removal_reason_needed: BAD_REQUEST,
  },
  admin: { record_not_found: NOT_FOUND, email_taken: CONFLICT, slug_taken: CONFLICT, own_account: BAD_REQUEST },
  panel: {
    enquiry_not_found: NOT_FOUND,
    media_not_found: NOT_FOUND,
    user_not_allowed: FORBIDDEN,
    wrong_password: BAD_REQUEST,
    wrong_code: BAD_REQUEST,
    code_expired: BAD_REQUEST,
    no_email_change: BAD_REQUEST,
    email_exists: CONFLICT,
    too_many_attempts: TOO_MANY_REQUESTS,
    common_password: BAD_REQUEST,
    past_day: BAD_REQUEST,
    too_many_feeds: CONFLICT,
    feed_exists: CONFLICT,
    feed_not_found: NOT_FOUND,
    export_not_found: NOT_FOUND,
  },
  request: {
    validation_failed: BAD_REQUEST,
    invalid_json: BAD_REQUEST,
    body_too_deep: BAD_REQUEST,
    body_too_large: PAYLOAD_TOO_LARGE,
    unsupported_media_type: UNSUPPORTED_MEDIA_TYPE,
    not_found: NOT_FOUND,
    invalid_request: BAD_REQUEST,
  },
  service: {
    internal_error: HttpStatus.INTERNAL_SERVER_ERROR,
    database_unreachable: HttpStatus.SERVICE_UNAVAILABLE,
    migrations_pending: HttpStatus.SERVICE_UNAVAILABLE,
    shutting_down: HttpStatus.SERVICE_UNAVAILABLE,
  },
};

/** The answer to one code of a domain: its status and its message, built from the values the throw site gave. */
export function errorBody<D extends ErrorDomain>(domain: D, code: CodeOf<D>, details: ErrorDetails = {}): ErrorBody {
  const status = (ERROR_STATUSES[domain] as Record<string, HttpStatus>)[code];
  const message = (ERROR_CATALOGUE[domain] as Record<string, ErrorMessage>)[code];
  return {
    statusCode: status,
    code,
    error: reasonPhrase(status),
    message: typeof message === 'string' ? message : (message as (...values: unknown[]) => string)(...(details.values ?? [])),
    ...(details.field ? { field: details.field } : {}),
    ...(details.errors ? { errors: details.errors } : {}),
  };
}

/**
 * The answer to anything thrown while a request was handled: a domain's refusal from the table; a refusal the
 * framework raised itself (an unknown route) keeps its status and message and gets the code of its status. Null for
 * everything else, which is not the caller's doing: the filter logs it and answers 500 internal_error.
 */
export function answerFor(exception: unknown): ErrorBody | null {
  if (exception instanceof DomainException) return errorBody(exception.domain, exception.code, exception.details);
  if (exception instanceof HttpException && exception.getStatus() < 500) return frameworkBody(exception);
  return null;
}

const BODY_CODES: Partial<Record<number, RequestErrorCode>> = {
  [PAYLOAD_TOO_LARGE]: RequestErrorCode.BodyTooLarge,
  [UNSUPPORTED_MEDIA_TYPE]: RequestErrorCode.UnsupportedMediaType,
};

/** The code of a refusal the body parser raised (a plain error with a 4xx status): anything but size and type is bad JSON. */
export const bodyParserCode = (status: number): RequestErrorCode => BODY_CODES[status] ?? RequestErrorCode.InvalidJson;

const FRAMEWORK_CODES: Partial<Record<number, RequestErrorCode>> = { ...BODY_CODES, [NOT_FOUND]: RequestErrorCode.NotFound };

function frameworkBody(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  const response = exception.getResponse();
  const r = (typeof response === 'string' ? { message: response } : response) as { message?: unknown; field?: string };
  const message = Array.isArray(r.message) ? r.message.join('; ') : typeof r.message === 'string' ? r.message : reasonPhrase(status);
  return {
    statusCode: status,
    code: FRAMEWORK_CODES[status] ?? RequestErrorCode.InvalidRequest,
    error: reasonPhrase(status),
    message,
    ...(r.field ? { field: r.field } : {}),
  };
}

/** 'Not Found' for 404: the reason phrase of a status, as Node's HTTP server knows it. */
const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? 'Error';
