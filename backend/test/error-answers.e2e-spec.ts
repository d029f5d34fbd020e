import { resetDatabase, startApp, TestApp } from './support/app';

/** Every error answer carries a stable code beside its status, message and the field at fault (docs/api.md, "Errors"). */
describe('error answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
  });
  afterAll(() => t.close());

  it.each([
    ['an unknown path', 'get', '/api/nothing-here/', 404, { code: 'not_found', error: 'Not Found', message: 'Cannot GET /api/nothing-here/' }],
    ['an unknown post', 'get', '/api/posts/424242/', 404, { code: 'post_not_found', message: 'No post with id 424242', field: 'id' }],
    ['an unknown category', 'get', '/api/categories/harps/', 404, { code: 'category_not_found', message: "No category with slug 'harps'", field: 'slug' }],
    ['an unknown county', 'get', '/api/posts/?tagSlug=atlantis', 404, { code: 'county_not_found', message: "No county with slug 'atlantis'", field: 'tagSlug' }],
    ['an unknown article', 'get', '/api/articles/no-such-guide/', 404, { code: 'article_not_found', message: "No article with slug 'no-such-guide'", field: 'id' }],
    ['an image of no listing', 'get', '/storage/library/nobody-one-680x588.webp', 404, { code: 'image_not_found', message: "No image named 'nobody-one-680x588.webp'", field: 'file' }],
    ['drafts asked for by a visitor', 'get', '/api/posts/?status=draft', 403, { code: 'status_not_allowed', field: 'status' }],
    ['the signed-in user asked for without a token', 'get', '/api/me/', 401, { code: 'login_needed', message: 'Please log in', field: 'Authorization' }],
  ] as const)('answers %s with its code', async (_, method, path, status, body) => {
    const res = await t.http()[method](path).expect(status);
    expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String), ...body });
  });

  it('answers a token that is not valid with 401 invalid_access_token, on public routes too', async () => {
    const res = await t.http().get('/api/counties/').set('Authorization', 'Bearer not-a-token').expect(401);
    expect(res.body).toEqual({
      statusCode: 401,
      code: 'invalid_access_token',
      error: 'Unauthorized',
      message: 'The access token is invalid or has expired',
      field: 'Authorization',
    });
  });

  it("answers fields that break their rules with 400 validation_failed, naming the first and listing each one's problem", async () => {
    const res = await t.http().post('/contact/').send({ firstName: 'Aoife', lastName: '', email: 'not-an-email', message: 'Hello' }).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      error: 'Bad Request',
      message: 'lastName must not be empty; email must be an email address',
      field: 'lastName',
      errors: [
        { field: 'lastName', message: 'lastName must not be empty' },
        { field: 'email', message: 'email must be an email address' },
      ],
    });
  });

  it("answers JSON that does not parse with 400 invalid_request and the parser's words, and a body over 1 MB with 413 body_too_large", async () => {
    const broken = await t.http().post('/login/').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(broken.body).toEqual({ statusCode: 400, code: 'invalid_request', error: 'Bad Request', message: expect.stringContaining('JSON') });
    const large = await t.http().post('/contact/').send({ message: 'x'.repeat(1_100_000) }).expect(413);
    expect(large.body).toEqual({ statusCode: 413, code: 'body_too_large', error: 'Payload Too Large', message: 'Request body is too large' });
  });
});
