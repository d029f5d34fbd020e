import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/configuration';
import { PasswordHasher } from '../../infra/password-hasher';
import { newToken, sha256 } from '../../infra/secrets';
import { PasswordResetEntity } from '../auth/entities/password-reset.entity';
import { UserEntity } from '../users/user.entity';

/** How long the link that sets a new admin's password works. */
export const ADMIN_LINK_TTL_MS = 24 * 60 * 60_000;
export const DEMO_ADMIN_EMAIL = 'admin@example.ie';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an admin account or promotes an existing one, and answers a one-time link to set its password (the
 * password-reset link the site already handles: /password-reset-step2). The account is active and enabled, so the
 * link is all the new admin needs; an existing password keeps working until the link is used.
 */
export async function makeAdmin(ds: DataSource, config: AppConfig, rawEmail: string): Promise<{ created: boolean; link: string }> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 190) throw new Error(`--email must be an email address (got '${rawEmail}')`);
  return ds.transaction(async (m) => {
    const existing = await m.findOneBy(UserEntity, { email });
    let userId: number;
    if (existing) {
      await m.update(UserEntity, { id: existing.id }, { role: 'admin', isActive: true, disabled: false });
      userId = existing.id;
    } else {
      const { identifiers } = await m.insert(UserEntity, { email, username: email, firstName: 'Admin', lastName: '', role: 'admin', isActive: true, passwordHash: null, termsAcceptedAt: new Date() });
      userId = identifiers[0].id as number;
    }
    const token = newToken();
    await m.insert(PasswordResetEntity, { userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ADMIN_LINK_TTL_MS) });
    const link = `${config.siteOrigin}/password-reset-step2?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
    return { created: !existing, link };
  });
}

/**
 * Development only (`make start`): an admin to try the back office with. Created once, with a random password that
 * is answered that one time; null when it exists already (its password is whatever was printed then, or reset since).
 */
export async function seedDemoAdmin(ds: DataSource): Promise<{ email: string; password: string } | null> {
  if (await ds.getRepository(UserEntity).existsBy({ email: DEMO_ADMIN_EMAIL })) return null;
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await new PasswordHasher().hash(password);
  await ds.getRepository(UserEntity).insert({ email: DEMO_ADMIN_EMAIL, username: DEMO_ADMIN_EMAIL, firstName: 'Demo', lastName: 'Admin', role: 'admin', isActive: true, passwordHash, termsAcceptedAt: new Date() });
  return { email: DEMO_ADMIN_EMAIL, password };
}
