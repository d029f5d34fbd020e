import { gzipSync } from 'node:zlib';
import { MAX_JSON_DEPTH } from '@directory/server-kit';
import { apiRoutes } from './support/routes';
import { resetDatabase, startApp, TestApp } from './support/app';

/** Limits on what a request body may be, checked before the body is parsed or converted. */
describe('request bodies', () => {
  let t: TestApp;
  /** Posts these exact bytes (supertest would send a Buffer with a JSON type as JSON of the Buffer). */
  const postBytes = (path: string, bytes: Buffer, headers: Record<string, string>) => t.http().post(path).set(headers).serialize((b: Buffer) => b as unknown as string).send(bytes);
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
      const res = await postBytes('/login/', Buffer.from(json, 'utf16le'), { 'Content-Type': type, 'Content-Encoding': encoding });
      expect({ type, encoding, status: res.status, body: res.body }).toEqual({ type, encoding, status: 415, body: { statusCode: 415, code: 'unsupported_media_type', error: 'Unsupported Media Type', message } });
    }
  });

  it('refuses a body over 1 MB with 413, sent as it is or as a small gzip bomb', async () => {
    const tooLarge = { statusCode: 413, code: 'body_too_large', error: 'Payload Too Large', message: 'Request body is too large' };
    const plain = await t.http().post('/login/').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'x'.repeat(1024 * 1024) }));
    expect({ status: plain.status, body: plain.body }).toEqual({ status: 413, body: tooLarge });
    const bomb = await postBytes('/login/', gzipSync(Buffer.alloc(20_000_000, 0x20)), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expect({ status: bomb.status, body: bomb.body }).toEqual({ status: 413, body: tooLarge });
  });

  it('reads a JSON body compressed with gzip', async () => {
    const body = gzipSync(JSON.stringify({ email: 'nobody@example.ie', password: 'harp2025x' }));
    const res = await postBytes('/login/', body, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).expect(401);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it('refuses a body of any other type, or of none, with 415 on every POST route', async () => {
    const message = 'The request body must be JSON in UTF-8, sent plain or compressed with gzip, deflate or br';
    const posts = apiRoutes(t.app).filter((r) => r.method === 'POST');
    for (const route of posts) {
      const path = route.path.replace(/:\w+/g, '1') + '/';
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.api+json', undefined]) {
        const req = t.http().post(path);
        const res = await (type ? req.set('Content-Type', type) : req).send(Buffer.from('{"email":"a@example.ie"}'));
        expect({ path, type, status: res.status, body: res.body }).toEqual({ path, type, status: 415, body: { statusCode: 415, code: 'unsupported_media_type', error: 'Unsupported Media Type', message } });
      }
    }
  });
});
