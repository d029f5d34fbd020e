import { MAX_JSON_DEPTH } from '../src/common/json-depth';
import { apiRoutes } from './support/routes';
import { resetDatabase, startApp, TestApp } from './support/app';

/** Limits on what a request body may be, checked before the body is parsed or converted. */
describe('request bodies', () => {
  let t: TestApp;
  const nested = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

  beforeAll(async () => {
    t = await startApp('cliste');
    await resetDatabase(t.ds);
  });
  afterAll(() => t.close());

  it(`refuses a JSON body nested deeper than ${MAX_JSON_DEPTH} levels with 400 on every POST route`, async () => {
    const posts = apiRoutes(t.app).filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(5);
    for (const route of posts) {
      const path = route.path.replace(/:\w+/g, '1') + '/';
      const res = await t.http().post(path).set('Content-Type', 'application/json').send(nested(3000));
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', code: 'body_too_deep', message: `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep` },
      });
    }
  });

  it(`reads a body nested exactly ${MAX_JSON_DEPTH} levels deep, so the fields are checked as usual`, async () => {
    const body = `{"email":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`;
    const res = await t.http().post('/login/').set('Content-Type', 'application/json').send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, field: 'email' });
    expect(res.body.code).toBeUndefined();
  });

  it('refuses JSON in a character set other than UTF-8 with 415', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@example.ie', password: 'harp2025x' }), 'utf16le');
    const res = await t.http().post('/login/').set('Content-Type', 'application/json; charset=utf-16le').send(body).expect(415);
    expect(res.body).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: 'The request body must be JSON encoded in UTF-8' });
  });
});
