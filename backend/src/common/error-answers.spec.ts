import { AccessErrorCode, CodeOf, ERROR_CATALOGUE, ErrorDomain, RequestErrorCode } from '@directory/domain';
import { HttpException, HttpStatus, InternalServerErrorException, NotFoundException, UnsupportedMediaTypeException } from '@nestjs/common';
import { AccessException, RequestException } from './domain.exception';
import { answerFor, bodyParserCode, ERROR_STATUSES, errorBody } from './error-answers';

/** Values for the messages built from values, and the text each then reads. */
const BUILT: { [D in ErrorDomain]?: Partial<Record<CodeOf<D>, [unknown[], string]>> } = {
  access: {
    role_not_allowed: [[['member', 'admin']], 'Only member or admin accounts may do this'],
    too_many_writes: [['60 a minute'], 'You have made too many changes in a short time (at most 60 a minute). Please wait a while and try again.'],
  },
  posts: {
    post_not_found: [['slug', 'nobody-here'], "No post with slug 'nobody-here'"],
    status_not_allowed: [['draft'], "Only signed-in listers and admins may list posts with status 'draft'"],
  },
  taxonomy: { category_not_found: [['harps'], "No category with slug 'harps'"], county_not_found: [['atlantis'], "No county with slug 'atlantis'"] },
  articles: { article_not_found: [['id', '12'], "No article with id '12'"] },
  storage: { image_not_found: [['x.webp'], "No image named 'x.webp'"] },
  admin: { record_not_found: [['users', 12], 'No users record with id 12'] },
  billing: {
    refund_window_closed: [[30], 'A refund can be asked for within 30 days of the first payment.'],
    refund_by_admin: [[30], 'The 30-day refund covers your first payment only, so we have passed your request to our team: they will reply by email.'],
    subscription_not_found: [[4], 'Subscription 4 not found.'],
    application_not_found: [[5], 'Application 5 not found.'],
  },
  service: { migrations_pending: [[['PostListIndexes1764800000000']], 'Database migrations are pending: PostListIndexes1764800000000.'] },
  panel: {
    enquiry_not_found: [[7], 'No enquiry with id 7'],
    media_not_found: [['audio', 3], 'No audio with id 3'],
    past_day: [['2026-11-27'], '2026-11-27 is past: past days of the calendar cannot be changed.'],
    too_many_feeds: [[3], 'A listing may have at most 3 calendar feeds.'],
    feed_not_found: [[8], 'No calendar feed with id 8'],
  },
  reviews: { review_not_found: [[9], 'No review with id 9'] },
  crosfhocal: { closed: [[new Date('2025-05-30T22:59:59Z')], 'The competition closed on Friday 30 May 2025.'] },
  request: {
    validation_failed: [[[{ message: 'email must be an email address' }, { message: 'terms must be accepted' }]], 'email must be an email address; terms must be accepted'],
    body_too_deep: [[32], 'The request body nests objects and arrays more than 32 levels deep'],
    not_found: [['Cannot GET /api/nothing/'], 'Cannot GET /api/nothing/'],
    invalid_request: [['Method Not Allowed'], 'Method Not Allowed'],
  },
};

const everyCode = (Object.keys(ERROR_CATALOGUE) as ErrorDomain[]).flatMap((domain) =>
  Object.keys(ERROR_CATALOGUE[domain]).map((code) => [domain, code] as [ErrorDomain, CodeOf<ErrorDomain>]),
);

describe('error answers', () => {
  it.each(everyCode)('answers %s %s with its status, its reason phrase and its message from the catalogue', (domain, code) => {
    const message = (ERROR_CATALOGUE[domain] as Record<string, unknown>)[code];
    const [values, text] = (BUILT[domain] as Record<string, [unknown[], string]> | undefined)?.[code] ?? [[], message];
    expect(typeof text).toBe('string');
    const status = (ERROR_STATUSES[domain] as Record<string, number>)[code];
    expect(status >= 400 && status < 600).toBe(true);
    expect(errorBody(domain, code, { values })).toEqual({ statusCode: status, code, error: expect.stringMatching(/^[A-Z]/), message: text });
  });

  it('answers the spec texts with the statuses the clients rely on', () => {
    const answer = (...[domain, code, details]: Parameters<typeof errorBody>) => {
      const body = errorBody(domain, code, details);
      return [body.statusCode, body.code, body.message, body.field];
    };
    expect(answer('auth', 'email_exists', { field: 'email' })).toEqual([409, 'email_exists', 'That email already exists!', 'email']);
    expect(answer('auth', 'password_change_needed')).toEqual([403, 'password_change_needed', 'Password change needed!', undefined]);
    // The same words end a session when it is refreshed: 401, so the site server signs the visitor out.
    expect(answer('session', 'password_change_needed')).toEqual([401, 'password_change_needed', 'Password change needed!', undefined]);
    expect(answer('auth', 'too_many_attempts')).toEqual([429, 'too_many_attempts', 'Too many attempts. Please wait 15 minutes and try again.', undefined]);
    expect(answer('contact', 'too_many_attempts')).toEqual([429, 'too_many_attempts', 'You have sent several messages already. Please try again in an hour.', undefined]);
    expect(answer('posts', 'post_not_found', { field: 'postId', values: ['id', 7] })).toEqual([404, 'post_not_found', 'No post with id 7', 'postId']);
  });

  it("answers a domain's exception from the table, with the field and values its throw site gave", () => {
    expect(answerFor(new AccessException(AccessErrorCode.RoleNotAllowed, { values: [['admin']] }))).toEqual({
      statusCode: 403,
      code: 'role_not_allowed',
      error: 'Forbidden',
      message: 'Only admin accounts may do this',
    });
  });

  it("lists each field's problem beside the first field of a validation failure", () => {
    const errors = [{ field: 'email', message: 'email must be an email address' }, { field: 'terms', message: 'terms must be accepted' }];
    expect(answerFor(new RequestException(RequestErrorCode.ValidationFailed, { field: 'email', errors, values: [errors] }))).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      error: 'Bad Request',
      message: 'email must be an email address; terms must be accepted',
      field: 'email',
      errors,
    });
  });

  it("gives the framework's own refusals the code of their status, keeping their status and message", () => {
    expect(answerFor(new NotFoundException('Cannot GET /api/nothing/'))).toEqual({ statusCode: 404, code: 'not_found', error: 'Not Found', message: 'Cannot GET /api/nothing/' });
    expect(answerFor(new UnsupportedMediaTypeException('JSON only'))).toMatchObject({ statusCode: 415, code: 'unsupported_media_type', message: 'JSON only' });
    expect(answerFor(new HttpException('Method Not Allowed', HttpStatus.METHOD_NOT_ALLOWED))).toMatchObject({ statusCode: 405, code: 'invalid_request' });
    expect(answerFor(new RequestException(RequestErrorCode.BodyTooDeep, { values: [32] }))).toEqual({ statusCode: 400, code: 'body_too_deep', error: 'Bad Request', message: 'The request body nests objects and arrays more than 32 levels deep' });
  });

  it('leaves everything that is not a refusal to the caller (server errors, plain errors) for the 500 answer', () => {
    expect(answerFor(new InternalServerErrorException('db password is hunter2'))).toBeNull();
    expect(answerFor(new Error('boom'))).toBeNull();
    expect(answerFor('thrown text')).toBeNull();
    expect(errorBody('service', 'internal_error')).toEqual({ statusCode: 500, code: 'internal_error', error: 'Internal Server Error', message: 'Internal server error' });
  });

  it("names the body parser's refusals by status: too large, not JSON in UTF-8, otherwise not valid JSON", () => {
    expect([413, 415, 400, 404].map(bodyParserCode)).toEqual(['body_too_large', 'unsupported_media_type', 'invalid_json', 'invalid_json']);
  });
});
