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
    expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed', field: 'email' });
  });

  it('answers 400 naming the field for text that is not valid Unicode (a lone surrogate)', async () => {
    const res = await t.http().post('/contact/').set('Content-Type', 'application/json').send('{"firstName":"A","lastName":"B","email":"a\\ud800@example.ie","message":"Hi"}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', field: 'email', message: 'email must be valid Unicode text' });
    const nested = await t.http().post('/login/').set('Content-Type', 'application/json').send('{"email":"a@example.ie","password":"x","x":{"\\udfff":1}}');
    expect(nested.body).toMatchObject({ statusCode: 400, field: 'x.\udfff' });
  });

  it('refuses JSON in a character set other than UTF-8, or compressed in an unknown way, with 415', async () => {
    const json = JSON.stringify({ email: 'a@example.ie', password: 'harp2025x' });
    const message = 'The request body must be JSON in UTF-8, sent plain or compressed with gzip, deflate or br';
    for (const [type, encoding] of [['application/json; charset=utf-16le', 'identity'], ['application/json; charset=bogus', 'identity'], ['application/json', 'x-bogus']]) {
      const res = await t.http().post('/login/').set('Content-Type', type).set('Content-Encoding', encoding).send(Buffer.from(json, 'utf16le'));
      expect({ type, encoding, status: res.status, body: res.body }).toEqual({ type, encoding, status: 415, body: { statusCode: 415, code: 'unsupported_media_type', error: 'Unsupported Media Type', message } });
    }
  });
});
