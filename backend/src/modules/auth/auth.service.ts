import { AUTH_ERRORS, AuthErrorCode, SessionDto, SessionUser, SuccessDto } from '@directory/domain';
import { HttpStatus, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { codedError } from '../../common/errors';
import type { Viewer } from '../../common/viewer';
import { MailService } from '../../infra/mail/mail.service';
import { PasswordHasher } from '../../infra/password-hasher';
import { RateLimiter } from '../../infra/rate-limiter';
import { hmac, newFamilyId, newSignupCode, newToken, sha256 } from '../../infra/secrets';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { passwordResetMail, signupCodeMail } from './auth.messages';
import { AuthRepository } from './auth.repository';
import type { LoginDto, ResetCheckDto, ResetPasswordDto, SignUpCodeDto, SignUpDto } from './dto/auth.dto';
import type { AccessTokenPayload } from './jwt.strategy';

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_TRIES = 5;
export const RESET_TTL_MS = 60 * 60_000;
const WINDOW_MS = 15 * 60_000;
/** Failed attempts allowed per window: per account, and per address (which may be shared, so more). */
export const LIMITS = {
  login: { account: 5, address: 20, windowMs: WINDOW_MS },
  code: { address: 20, windowMs: WINDOW_MS },
  reset: { account: 3, address: 10, windowMs: 60 * 60_000 },
  signup: { address: 10, windowMs: 60 * 60_000 },
};

const fail = (status: HttpStatus, code: AuthErrorCode, field?: string) => codedError(status, code, AUTH_ERRORS[code], field);

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Creates (or refreshes an unconfirmed) account and emails a 4-digit code. */
  async signUp(dto: SignUpDto, address: string): Promise<SuccessDto> {
    await this.limit('signup-ip', address, LIMITS.signup.address, LIMITS.signup.windowMs);
    await this.limiter.record('signup-ip', address);
    const existing = await this.users.findByEmail(dto.email);
    if (existing?.isActive) throw fail(HttpStatus.CONFLICT, 'email_exists', 'email');
    const fields = {
      email: dto.email,
      username: dto.email,
      firstName: dto.first_name,
      lastName: dto.last_name,
      passwordHash: await this.hasher.hash(dto.password),
      marketingConsent: dto.marketing ?? false,
      termsAcceptedAt: new Date(),
    };
    const user = existing ? { ...existing, ...fields } : await this.users.save({ ...fields, role: 'member', isActive: false });
    if (existing) await this.users.update(existing.id, fields);
    const code = newSignupCode();
    await this.auth.replaceSignupCode(user.id, this.codeHash(user.id, code), new Date(Date.now() + CODE_TTL_MS));
    await this.mail.queue({ to: user.email, ...signupCodeMail(this.config, user.firstName, code) });
    return { message: 'success' };
  }

  /** Checks the emailed code: activates the account and signs the lister in. */
  async confirmSignUp(dto: SignUpCodeDto, address: string): Promise<SessionDto> {
    await this.limit('code-ip', address, LIMITS.code.address, LIMITS.code.windowMs);
    const user = await this.users.findByEmail(dto.email);
    const code = user && !user.isActive ? await this.auth.latestOpenCode(user.id) : null;
    if (!user || !code) {
      await this.limiter.record('code-ip', address);
      throw fail(HttpStatus.BAD_REQUEST, 'wrong_code', 'signUpCode');
    }
    if (code.attempts >= CODE_MAX_TRIES) throw fail(HttpStatus.TOO_MANY_REQUESTS, 'too_many_attempts', 'signUpCode');
    if (code.expiresAt.getTime() < Date.now()) throw fail(HttpStatus.BAD_REQUEST, 'code_expired', 'signUpCode');
    if (code.codeHash !== this.codeHash(user.id, dto.signUpCode)) {
      await this.auth.countCodeAttempt(code.id, code.attempts + 1);
      await this.limiter.record('code-ip', address);
      throw fail(code.attempts + 1 >= CODE_MAX_TRIES ? HttpStatus.TOO_MANY_REQUESTS : HttpStatus.BAD_REQUEST, code.attempts + 1 >= CODE_MAX_TRIES ? 'too_many_attempts' : 'wrong_code', 'signUpCode');
    }
    await this.auth.useCode(code.id);
    await this.users.update(user.id, { isActive: true });
    return this.startSession({ ...user, isActive: true });
  }

  async login(dto: LoginDto, address: string): Promise<SessionDto> {
    await this.limit('login-account', dto.email, LIMITS.login.account, LIMITS.login.windowMs);
    await this.limit('login-ip', address, LIMITS.login.address, LIMITS.login.windowMs);
    const user = await this.users.findByEmail(dto.email);
    // Unknown, unconfirmed and wrong-password logins get the same answer in the same time.
    const ok = await this.hasher.verify(user?.isActive ? user.passwordHash : null, dto.password);
    if (!user || !ok) {
      await this.limiter.record('login-account', dto.email);
      await this.limiter.record('login-ip', address);
      throw fail(HttpStatus.UNAUTHORIZED, 'invalid_credentials');
    }
    if (user.passwordChangeNeeded) throw fail(HttpStatus.FORBIDDEN, 'password_change_needed');
    await this.limiter.clear('login-account', dto.email);
    return this.startSession(user);
  }

  /** Rotates a refresh token. A token presented twice revokes its whole family (it was copied). */
  async refresh(token: string): Promise<SessionDto> {
    const row = await this.auth.findRefreshToken(sha256(token));
    if (!row) throw fail(HttpStatus.UNAUTHORIZED, 'session_ended');
    if (row.revokedAt || row.expiresAt.getTime() < Date.now()) throw fail(HttpStatus.UNAUTHORIZED, 'session_ended');
    if (row.usedAt || !(await this.auth.useRefreshToken(row.id))) {
      await this.auth.revokeFamily(row.familyId);
      throw fail(HttpStatus.UNAUTHORIZED, 'session_ended');
    }
    const user = await this.users.findById(row.userId);
    if (!user?.isActive) throw fail(HttpStatus.UNAUTHORIZED, 'session_ended');
    return this.issue(user, row.familyId);
  }

  async logout(token: string): Promise<void> {
    const row = await this.auth.findRefreshToken(sha256(token));
    if (row) await this.auth.revokeFamily(row.familyId);
  }

  /** Emails a single-use link to /password-reset-step2; unknown emails answer as the spec says. */
  async requestPasswordReset(email: string, address: string): Promise<SuccessDto> {
    await this.limit('reset-account', email, LIMITS.reset.account, LIMITS.reset.windowMs);
    await this.limit('reset-ip', address, LIMITS.reset.address, LIMITS.reset.windowMs);
    await this.limiter.record('reset-account', email);
    await this.limiter.record('reset-ip', address);
    const user = await this.users.findByEmail(email);
    if (!user) throw fail(HttpStatus.NOT_FOUND, 'no_record', 'email');
    const token = newToken();
    await this.auth.insertPasswordReset(user.id, sha256(token), new Date(Date.now() + RESET_TTL_MS));
    const link = `${this.config.siteOrigin}/password-reset-step2?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
    await this.mail.queue({ to: user.email, ...passwordResetMail(this.config, user.firstName, link) });
    return { message: 'success' };
  }

  async checkPasswordReset(dto: ResetCheckDto): Promise<SuccessDto> {
    await this.validReset(dto);
    return { message: 'success' };
  }

  /** Sets the new password, uses the link up, ends every session and clears an admin's change request. */
  async resetPassword(dto: ResetPasswordDto): Promise<SuccessDto> {
    const { reset, user } = await this.validReset(dto);
    if (!(await this.auth.usePasswordReset(reset.id))) throw fail(HttpStatus.BAD_REQUEST, 'invalid_token', 'token');
    await this.users.update(user.id, { passwordHash: await this.hasher.hash(dto.password), passwordChangeNeeded: false, isActive: true });
    await this.auth.revokeUserTokens(user.id);
    await this.limiter.clear('login-account', user.email);
    return { message: 'success' };
  }

  async me(viewer: Viewer): Promise<SessionUser> {
    const user = await this.users.findById(viewer.userId);
    if (!user) throw fail(HttpStatus.UNAUTHORIZED, 'session_ended');
    return this.publicUser(user);
  }

  private async validReset(dto: ResetCheckDto) {
    const reset = await this.auth.findPasswordReset(sha256(dto.token));
    const user = reset ? await this.users.findById(reset.userId) : null;
    if (!reset || !user || user.email !== dto.email || reset.usedAt || reset.expiresAt.getTime() < Date.now()) {
      throw fail(HttpStatus.BAD_REQUEST, 'invalid_token', 'token');
    }
    return { reset, user };
  }

  private async startSession(user: UserEntity): Promise<SessionDto> {
    return this.issue(user, newFamilyId());
  }

  private async issue(user: UserEntity, familyId: string): Promise<SessionDto> {
    const refresh = newToken();
    await this.auth.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + this.config.jwt.refreshTtlDays * 86_400_000),
    });
    const payload: AccessTokenPayload = { sub: user.id, typ: 'access', role: user.role, name: user.firstName };
    const access = await this.jwt.signAsync(payload, { expiresIn: this.config.jwt.accessTtlSeconds });
    return { access, refresh, access_expires_in: this.config.jwt.accessTtlSeconds, user: this.publicUser(user) };
  }

  private publicUser(u: UserEntity): SessionUser {
    return { id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName, role: u.role };
  }

  private codeHash(userId: number, code: string): string {
    return hmac(this.config.jwt.secret, `${userId}:${code}`);
  }

  private limit(scope: string, subject: string, max: number, windowMs: number): Promise<void> {
    return this.limiter.check(scope, subject, max, windowMs, AUTH_ERRORS.too_many_attempts);
  }
}
