import { DataSource } from 'typeorm';
import { DataVersion } from '../src/modules/data-version/data-version';
import { startApp, TestApp } from './support/app';

describe('GET /api/data-version/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church');
  });
  afterAll(() => t.close());

  it('answers the current version, never to be cached', async () => {
    const res = await t.http().get('/api/data-version/').expect(200);
    expect(res.body).toEqual({ version: expect.stringMatching(/^\d+$/) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('moves when a write commits, and not when its transaction rolls back', async () => {
    const before = BigInt((await t.http().get('/api/data-version/')).body.version);
    const version = t.app.get(DataVersion);
    await t.ds.transaction((m) => version.bump(m));
    expect(BigInt((await t.http().get('/api/data-version/')).body.version)).toBe(before + 1n);
    await expect(
      t.app.get(DataSource).transaction(async (m) => {
        await version.bump(m);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(BigInt((await t.http().get('/api/data-version/')).body.version)).toBe(before + 1n);
  });

  it('moves once for each of two parallel writes (the database adds, not the process)', async () => {
    const version = t.app.get(DataVersion);
    const before = BigInt(await version.current());
    await Promise.all([version.bump(), version.bump()]);
    expect(BigInt(await version.current())).toBe(before + 2n);
  });
});
