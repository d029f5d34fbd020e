import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, type CreateAppOptions } from '../../src/app.factory';
import { AppConfig, DatabaseConfig, loadConfig } from '../../src/config/configuration';
import type { Role, Site } from '@directory/domain';
import { UserEntity } from '../../src/modules/users/user.entity';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  ds: DataSource;
  config: AppConfig;
  close: () => Promise<void>;
}

export const testDatabase = (): DatabaseConfig => JSON.parse(process.env.TEST_DATABASE!);

export function testConfig(env: Record<string, string> = {}): AppConfig {
  const db = testDatabase();
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    // Fixtures write behind the API's back and then move the version (support/fixtures.ts): read it on every request.
    DATA_VERSION_CHECK_MS: '0',
    ...(db.type === 'mysql' ? { DATABASE_URL: db.url } : { SQLITE_PATH: db.path }),
    ...env,
  });
}

/** The real application (same factory as production) on the run's test database; silent unless a test reads its log. */
export async function startApp(site: Site, env: Record<string, string> = {}, appOptions: CreateAppOptions = { logger: false }): Promise<TestApp> {
  const config = testConfig({ SITE: site, ...env });
  const app = await createApp(config, appOptions);
  await app.init();
  // Fastify adds its routes and plugins when it is ready; supertest then serves requests through its Node server.
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    http: () => request(app.getHttpServer()),
    ds: app.get(DataSource),
    config,
    close: () => app.close(),
  };
}

const TABLES_CHILD_FIRST = ['reviews', 'review_tokens', 'review_invitations', 'audit_log', 'subscriptions', 'billing_history', 'free_for_life_applications', 'stripe_events', 'crosfhocal_entries', 'contact_messages', 'mail_outbox', 'rate_events', 'daily_marks', 'password_resets', 'refresh_tokens', 'refresh_families', 'signup_codes', 'post_pieces', 'calendar_feeds', 'calendar_slots', 'calendars', 'stat_days', 'enquiries', 'audios', 'videos', 'posts', 'articles', 'categories', 'counties', 'users'];

export async function resetDatabase(ds: DataSource): Promise<void> {
  for (const table of TABLES_CHILD_FIRST) await ds.createQueryBuilder().delete().from(table).execute();
  await ds.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
}

/** Creates an active user and a valid access token for it, as the auth module will issue. */
/** The header a signed-in request carries. */
export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function signIn(t: TestApp, role: Role, email = `${role}-${Date.now()}@example.ie`): Promise<{ user: UserEntity; token: string }> {
  const user = await t.ds.getRepository(UserEntity).save({
    email,
    username: email,
    firstName: 'Test',
    lastName: role,
    role,
    isActive: true,
    passwordHash: null,
  });
  const token = new JwtService({ secret: t.config.jwt.secret }).sign({ sub: user.id, typ: 'access' }, { expiresIn: 300 });
  return { user, token };
}
