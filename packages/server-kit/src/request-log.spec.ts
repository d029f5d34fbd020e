import { LOG_REDACT_PATHS, newRequestId, redactUrl, requestIdFrom } from './request-log';

describe('requestIdFrom', () => {
  it('keeps a well-formed incoming id: nginx hex, a UUID', () => {
    expect(requestIdFrom('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(requestIdFrom('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    expect(requestIdFrom(['first-id', 'second-id'])).toBe('first-id');
  });

  it.each([undefined, '', 'has space', 'quote"d', 'x'.repeat(129), 'line\nbreak', 'ünïcode'])('replaces %j with a new id', (header) => {
    const id = requestIdFrom(header);
    expect(id).not.toBe(header);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('makes a different id each time, past the end of each pool of random bytes', () => {
    const ids = Array.from({ length: 600 }, () => newRequestId());
    expect(new Set(ids).size).toBe(600);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('redactUrl', () => {
  it('leaves a path without a query as it is', () => {
    expect(redactUrl('/api/posts/12/')).toBe('/api/posts/12/');
  });

  it('hides the values of secret and personal parameters, keeps the others', () => {
    expect(redactUrl('/password-reset-step2?email=a%40b.ie&token=s3cr3t-T0ken')).toBe('/password-reset-step2?email=[REDACTED]&token=[REDACTED]');
    expect(redactUrl('/x?page=2&code=1234&api_key=k&refresh=r&county=cork')).toBe('/x?page=2&code=[REDACTED]&api_key=[REDACTED]&refresh=[REDACTED]&county=cork');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[REDACTED]');
  });

  it('survives broken escapes and bare names', () => {
    expect(redactUrl('/x?%E0%A4%A=1&flag&token')).toBe('/x?%E0%A4%A=1&flag&token');
  });
});

describe('LOG_REDACT_PATHS', () => {
  it('names the session headers and the secret fields', () => {
    expect(LOG_REDACT_PATHS).toEqual(expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', '*.newPassword', '*.currentPassword', '*.token', '*.code', '*.refresh']));
  });
});
