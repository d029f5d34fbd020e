import { AccountDto, AuthErrorCode, SessionDto, SessionErrorCode, SessionUser, SuccessDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import type { Viewer } from '../../common/viewer';
import { MailService } from '../../infra/mail/mail.service';
import { isCommonPassword } from '../../infra/common-passwords';
import { PasswordHasher } from '../../infra/password-hasher';
import { Limit, RateLimiter } from '../../infra/rate-limiter';
import { KeyedMac } from '../../infra/keyed-mac';
import { newFamilyId, newSignupCode, newToken, sha256 } from '../../infra/secrets';
import type { UserEntity } from '../users/user.entity';
import { accountOf } from '../users/account.mapper';
import { UsersRepository } from '../users/users.repository';
import { AuthException, SessionException } from './auth.exception';
import { passwordResetMail, signupCodeMail } from './auth.messages';
import { AuthRepository, CODE_MAX_TRIES } from './auth.repository';
import type { LoginDto, LogoutDto, ResetCheckDto, ResetPasswordDto, SignUpCodeDto, SignUpDto } from './dto/auth.dto';
import type { AccessTokenPayload } from './jwt.strategy';

export const CODE_TTL_MS = 15 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;
/**
 * A refresh token presented again this soon after its first use (two tabs, two site processes or API replicas renewing
 * at once) answers the same successor instead of revoking the family, as long as that successor is still unused.
 */
export const REFRESH_GRACE_MS = 10_000;
/** How long a repeated refresh waits for the first one to store the successor. */
const SUCCESSOR_WAIT_MS = 3_000;
/** However often it is refreshed, a login ends this long after it began. */
const SESSION_MAX_MS = 90 * 86_400_000;
const MINUTES_15 = 15 * 60_000;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const loginPair = (email: string, address: string) => sha256(`${email}\n${address}`);
/**
 * How many attempts each call allows. Failed logins count per account and address together, so one address
 * guessing at an account locks out only itself; per address across accounts (an address may be shared, so more);
 * and per account from everywhere, high enough that it takes several addresses to lock an owner out.
 */
const LIMITS = {
  login: (email: string, address: string): Limit[] => [
    { scope: 'login-pair', subject: loginPair(email, address), max: 5, windowMs: MINUTES_15 },
    { scope: 'login-ip', subject: address, max: 20, windowMs: MINUTES_15 },
    { scope: 'login-account', subject: email, max: 25, windowMs: MINUTES_15 },
  ],
  signUp: (address: string): Limit[] => [{ scope: 'signup-ip', subject: address, max: 10, windowMs: HOUR }],
  /** Each code mailed grants CODE_MAX_TRIES guesses and fills an inbox: a few an hour, ten a day. */
  codesMailed: (email: string): Limit[] => [
    { scope: 'signup-email', subject: email, max: 3, windowMs: HOUR },
    { scope: 'signup-email', subject: email, max: 10, windowMs: DAY },
  ],
  /** Failed code tries per pending account across all its codes, and per address. */
  codeCheck: (email: string, address: string): Limit[] => [
    { scope: 'code-ip', subject: address, max: 20, windowMs: MINUTES_15 },
    { scope: 'code-account', subject: email, max: 10, windowMs: DAY },
  ],
  reset: (email: string, address: string): Limit[] => [
    { scope: 'reset-account', subject: email, max: 3, windowMs: HOUR },
    { scope: 'reset-ip', subject: address, max: 10, windowMs: HOUR },
  ],
};

const { EmailExists, WrongCode, CodeExpired, InvalidCredentials, PasswordChangeNeeded, TooManyAttempts, TooManyCodes, NoRecord, InvalidToken, CommonPassword } = AuthErrorCode;

/** A new password on the list of common passwords is refused wherever one is chosen (sign-up, its code step, a reset). */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AuthException(CommonPassword, { field: 'password' });
}
const tooMany = () => new AuthException(TooManyAttempts);
/** Sign-up attempts when the pending account is deleted under it (see signUp). */
const SIGN_UP_TRIES = 3;
const tooManyCodeTries = () => new AuthException(TooManyAttempts, { field: 'signUpCode' });
const wrongCode = () => new AuthException(WrongCode, { field: 'signUpCode' });
const invalidToken = () => new AuthException(InvalidToken, { field: 'token' });
const sessionEnded = () => new SessionException(SessionErrorCode.SessionEnded);

@Injectable()
export class AuthService {
  /** Sign-up codes are kept only as their MAC under a key for that purpose alone: 4 digits are guessed at once from a plain hash. */
  private readonly codes: KeyedMac;
  /**
   * A refresh token's successor is its MAC under a key for that purpose alone: every API process finds the same
   * successor for a repeated token with nothing but the database's rows (the successor's hash), and no token is stored.
   */
  private readonly successors: KeyedMac;

  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.codes = new KeyedMac(config.jwt.secret, 'signup-code');
    this.successors = new KeyedMac(config.jwt.secret, 'refresh-successor');
  }

  /**
   * Creates an unconfirmed account (or finds the pending one) and emails a 4-digit code. Nothing of a pending account
   * changes here: the password, and the names when given, are set by the code step, so a second sign-up with the same
   * email (by anyone) only sends a new code.
   */
  async signUp(dto: SignUpDto, address: string): Promise<SuccessDto> {
    refuseCommonPassword(dto.password);
    await this.limiter.attempt(LIMITS.signUp(address), tooMany);
    const existing = await this.users.findByEmail(dto.email);
    if (existing?.isActive) throw new AuthException(EmailExists, { field: 'email' });
    await this.limiter.attempt(LIMITS.codesMailed(dto.email), () => new AuthException(TooManyCodes, { field: 'email' }));
    // The hourly PendingAccountPruner may delete this very account (unconfirmed for days) between reading it and storing
    // the new code: then it is made afresh, as on a first sign-up. A new account is not the pruner's (too recent), so a
    // second try stores its code; the third is only a bound.
    let user: UserEntity | null = existing;
    for (let tries = 1; ; tries++) {
      user ??= await this.users.findOrCreatePending({
        email: dto.email,
        username: dto.email,
        firstName: dto.first_name,
        lastName: dto.last_name,
        marketingConsent: false,
        termsAcceptedAt: new Date(),
      });
      const code = newSignupCode();
      if (user && (await this.auth.replaceSignupCode(user.id, this.codes.of(`${user.id}:${code}`), new Date(Date.now() + CODE_TTL_MS)))) {
        await this.mail.queue({ to: user.email, ...signupCodeMail(this.config, code) });
        return { message: 'success' };
      }
      if (tries >= SIGN_UP_TRIES) throw new Error(`Sign-up of a pending account deleted ${tries} times in a row`);
      user = null;
    }
  }

  /**
   * Checks the emailed code; activates the account with the password (and names, marketing choice) sent with it, and
   * signs the lister in. Every try is counted before the code is compared, so parallel tries cannot exceed the limits.
   */
  async confirmSignUp(dto: SignUpCodeDto, address: string): Promise<SessionDto> {
    // Before the code is looked at: the code stays good for a second try with another password.
    refuseCommonPassword(dto.password);
    const attempt = await this.limiter.attempt(LIMITS.codeCheck(dto.email, address), tooManyCodeTries);
    const user = await this.users.findByEmail(dto.email);
    const code = user && !user.isActive ? await this.auth.latestOpenCode(user.id) : null;
    if (!user || !code) throw wrongCode();
    if (code.expiresAt.getTime() < Date.now()) throw new AuthException(CodeExpired, { field: 'signUpCode' });
    const tries = await this.auth.takeCodeTry(code.id);
    if (tries === null) throw tooManyCodeTries();
    if (!this.codes.matches(`${user.id}:${dto.signUpCode}`, code.codeHash)) {
      throw tries >= CODE_MAX_TRIES ? tooManyCodeTries() : wrongCode();
    }
    if (!(await this.auth.useCode(code.id))) throw wrongCode();
    await this.limiter.forget(attempt);
    const changes = {
      passwordHash: await this.hasher.hash(dto.password),
      firstName: dto.first_name ?? user.firstName,
      lastName: dto.last_name ?? user.lastName,
      // Consent counts only from whoever proves they hold the address.
      marketingConsent: dto.marketing ?? false,
    };
    if (!(await this.users.activate(user.id, changes))) throw wrongCode();
    return this.startSession({ ...user, ...changes, isActive: true });
  }

  /** Counts the attempt before argon2 runs, so a burst of parallel guesses reaches it at most as often as the limits allow. */
  async login(dto: LoginDto, address: string): Promise<SessionDto> {
    const attempt = await this.limiter.attempt(LIMITS.login(dto.email, address), tooMany);
    const user = await this.users.findByEmail(dto.email);
    // Unknown, unconfirmed and wrong-password logins get the same answer in the same time; the attempt stays counted.
    const ok = await this.hasher.verify(user?.isActive ? user.passwordHash : null, dto.password);
    // A disabled account answers like a wrong password: whether an account was disabled is nobody else's business.
    if (!user || !ok || user.disabled) throw new AuthException(InvalidCredentials);
    await this.limiter.forget(attempt);
    await this.limiter.clear('login-pair', loginPair(dto.email, address));
    if (user.passwordChangeNeeded) throw new AuthException(PasswordChangeNeeded);
    return this.startSession(user);
  }

  /**
   * Rotates a refresh token. A token presented again within REFRESH_GRACE_MS of its first use answers the same
   * successor (with a new access token) while that successor is unused, so renewals racing across site processes and
   * API replicas all succeed; any other second use revokes the whole family (it was copied). Whether the family still
   * lives is asked again after the next token is stored: a family revoked meanwhile never hands out a working token,
   * and the stored one dies with its family.
   */
  async refresh(token: string): Promise<SessionDto> {
    const row = await this.auth.findRefreshToken(sha256(token));
    if (!row?.sessionEnd) throw sessionEnded();
    const successor = this.successors.of(token);
    if (row.usedAt || !(await this.auth.useRefreshToken(row.id))) {
      // Not yet read as used: another refresh used it in between, just now.
      const usedAt = row.usedAt?.getTime() ?? Date.now();
      const again = Date.now() - usedAt <= REFRESH_GRACE_MS ? await this.repeatedRefresh(row.familyId, successor) : null;
      if (again) return again;
      await this.auth.revokeFamily(row.familyId);
      throw sessionEnded();
    }
    const user = await this.users.findById(row.userId);
    if (!user?.isActive || user.disabled || user.tokenVersion !== row.tokenVersion) {
      await this.auth.revokeFamily(row.familyId);
      throw sessionEnded();
    }
    if (user.passwordChangeNeeded) {
      await this.auth.revokeFamily(row.familyId);
      throw new SessionException(SessionErrorCode.PasswordChangeNeeded);
    }
    const session = await this.issue(user, row.familyId, row.sessionEnd, successor);
    if (!(await this.auth.liveFamily(row.familyId))) throw sessionEnded();
    return session;
  }

  /**
   * The answer to a token repeated within the grace window: its successor, once the first refresh has stored it, if
   * nobody used it yet and its family and user still qualify; null otherwise (the family is then revoked).
   */
  private async repeatedRefresh(familyId: string, successor: string): Promise<SessionDto | null> {
    const deadline = Date.now() + SUCCESSOR_WAIT_MS;
    for (;;) {
      const next = await this.auth.findRefreshToken(sha256(successor));
      if (next) {
        if (next.familyId !== familyId || next.usedAt || !next.sessionEnd) return null;
        const user = await this.users.findById(next.userId);
        if (!user?.isActive || user.disabled || user.passwordChangeNeeded || user.tokenVersion !== next.tokenVersion) return null;
        return this.answer(user, familyId, successor);
      }
      if (Date.now() > deadline || !(await this.auth.liveFamily(familyId))) return null;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Ends this session; with `everywhere`, every session of the user, their access tokens and open reset links. */
  async logout({ refresh, everywhere }: LogoutDto): Promise<void> {
    const row = await this.auth.findRefreshToken(sha256(refresh));
    if (!row) return;
    await this.auth.revokeFamily(row.familyId);
    if (everywhere && row.sessionEnd) await this.endEverySession(row.userId);
  }

  /** Emails a single-use link to /password-reset-step2; unknown emails answer as the spec says. */
  async requestPasswordReset(email: string, address: string): Promise<SuccessDto> {
    await this.limiter.attempt(LIMITS.reset(email, address), tooMany);
    const user = await this.users.findByEmail(email);
    if (!user) throw new AuthException(NoRecord, { field: 'email' });
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
    // Before the link is used up: it stays good for a second try with another password.
    refuseCommonPassword(dto.password);
    const { reset, user } = await this.validReset(dto);
    if (!(await this.auth.usePasswordReset(reset.id))) throw invalidToken();
    await this.users.update(user.id, { passwordHash: await this.hasher.hash(dto.password), passwordChangeNeeded: false, isActive: true });
    await this.endEverySession(user.id);
    await this.limiter.clear('login-account', user.email);
    return { message: 'success' };
  }

  async me(viewer: Viewer): Promise<AccountDto> {
    const user = await this.users.findById(viewer.userId);
    if (!user) throw sessionEnded();
    return accountOf(user);
  }

  private async endEverySession(userId: number): Promise<void> {
    await this.auth.revokeUserFamilies(userId);
    await this.users.raiseTokenVersion(userId);
    await this.auth.voidPasswordResets(userId);
  }

  private async validReset(dto: ResetCheckDto) {
    const reset = await this.auth.findPasswordReset(sha256(dto.token));
    const user = reset ? await this.users.findById(reset.userId) : null;
    if (!reset || !user || user.email !== dto.email || reset.usedAt || reset.expiresAt.getTime() < Date.now()) {
      throw invalidToken();
    }
    return { reset, user };
  }

  private async startSession(user: UserEntity): Promise<SessionDto> {
    const family = { id: newFamilyId(), userId: user.id, tokenVersion: user.tokenVersion, expiresAt: new Date(Date.now() + SESSION_MAX_MS) };
    await this.auth.insertFamily(family);
    return this.issue(user, family.id, family.expiresAt);
  }

  /** A new refresh token in the family (living no longer than the session) and an access token. */
  private async issue(user: UserEntity, familyId: string, sessionEnd: Date, refresh = newToken()): Promise<SessionDto> {
    await this.auth.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Math.min(Date.now() + this.config.jwt.refreshTtlDays * 86_400_000, sessionEnd.getTime())),
    });
    return this.answer(user, familyId, refresh);
  }

  /** The session answer: the given refresh token and a new access token of the family. */
  private async answer(user: UserEntity, familyId: string, refresh: string): Promise<SessionDto> {
    const payload: AccessTokenPayload = { sub: user.id, typ: 'access', ver: user.tokenVersion, role: user.role, name: user.firstName, fam: familyId };
    const access = await this.jwt.signAsync(payload, { expiresIn: this.config.jwt.accessTtlSeconds });
    return { access, refresh, access_expires_in: this.config.jwt.accessTtlSeconds, user: this.publicUser(user) };
  }

  private publicUser(u: UserEntity): SessionUser {
    return { id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName, role: u.role };
  }
}
