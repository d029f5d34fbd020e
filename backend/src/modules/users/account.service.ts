import { AccountDto, AuthErrorCode, PanelErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, Repository } from 'typeorm';
import { AuthException } from '../auth/auth.exception';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { PanelException } from '../../common/domain.exception';
import { isAdmin, Viewer } from '../../common/viewer';
import { isDuplicateKey } from '../../database/duplicate-key';
import { KeyedMac } from '../../infra/keyed-mac';
import { MailService } from '../../infra/mail/mail.service';
import { isCommonPassword } from '../../infra/common-passwords';
import { PasswordHasher } from '../../infra/password-hasher';
import { Limit, RateLimiter } from '../../infra/rate-limiter';
import { newSignupCode, newToken, sha256 } from '../../infra/secrets';
import { AuthRepository } from '../auth/auth.repository';
import { PostsService } from '../posts/posts.service';
import { AccountDeletionService } from './account-deletion.service';
import { accountOf } from './account.mapper';
import type { AccountUpdateDto } from './account.dto';
import { emailChangedMail, emailChangeMail } from './account.messages';
import { AccountRepository } from './account.repository';
import type { UserEntity } from './user.entity';
import { EmailChangeUndoEntity } from './email-change-undo.entity';
import { UsersRepository } from './users.repository';

const CODE_TTL_MS = 15 * 60_000;
/** Wrong codes one email change allows before it must be asked for again. */
const CODE_MAX_TRIES = 5;
/** How long the link mailed to the address an account left can undo the change. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
const LIMITS = {
  /** Each change mails a code to an address the member typed: a few an hour. */
  codesMailed: (userId: number): Limit[] => [{ scope: 'email-change', subject: String(userId), max: 3, windowMs: HOUR }],
  /** Password checks (changing the password, deleting the account) per account. */
  passwordCheck: (userId: number): Limit[] => [{ scope: 'account-password', subject: String(userId), max: 10, windowMs: 15 * 60_000 }],
};
const { UserNotAllowed, WrongPassword, EmailChangeCodeWrong, EmailChangeExpired, NoEmailChange, EmailExists, TooManyAttempts } = PanelErrorCode;

/** A member's own account in the control panel: names, email (confirmed by a code), password, data download, deletion. */
@Injectable()
export class AccountService {
  private readonly codes: KeyedMac;

  constructor(
    private readonly users: UsersRepository,
    private readonly account: AccountRepository,
    private readonly auth: AuthRepository,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly posts: PostsService,
    private readonly deletion: AccountDeletionService,
    @InjectRepository(EmailChangeUndoEntity) private readonly undos: Repository<EmailChangeUndoEntity>,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.codes = new KeyedMac(config.jwt.secret, 'email-change-code');
  }

  /**
   * Changes names and username at once; a new email needs the current password and waits for the code mailed to it; a
   * new password needs the current one and ends every other login (the caller's is kept). The password asked for is
   * the caller's (an admin changing another account gives their own).
   */
  async update(id: number, dto: AccountUpdateDto, viewer: Viewer): Promise<AccountDto> {
    const user = await this.target(id, viewer);
    const changes: Partial<UserEntity> = {};
    if (dto.first_name !== undefined) changes.firstName = dto.first_name;
    if (dto.last_name !== undefined) changes.lastName = dto.last_name;
    if (dto.username !== undefined) changes.username = dto.username;
    const emailChange = dto.email !== undefined && dto.email !== user.email;
    if (dto.password !== undefined && isCommonPassword(dto.password)) throw new PanelException(PanelErrorCode.CommonPassword, { field: 'password' });
    // A stolen access token alone must not move the account to another address (and then reset its password there).
    if (dto.password !== undefined || emailChange) {
      if (dto.current_password === undefined) throw new PanelException(WrongPassword, { field: 'current_password' });
      await this.checkPassword(viewer, dto.current_password, 'current_password');
    }
    if (dto.password !== undefined) changes.passwordHash = await this.hasher.hash(dto.password);
    if (Object.keys(changes).length) await this.users.update(user.id, changes);
    if (dto.password !== undefined) await this.endOtherSessions(user.id, viewer);
    if (emailChange) await this.startEmailChange(user, dto.email!);
    return accountOf((await this.users.findById(user.id))!);
  }

  /**
   * Confirms the pending email change with the code mailed to the new address; then ends every other login of the
   * account (the caller's moves along) and mails the address it left a link that undoes the change.
   */
  async confirmEmail(id: number, code: string, viewer: Viewer): Promise<AccountDto> {
    const user = await this.target(id, viewer);
    if (!user.pendingEmail || !user.pendingEmailCodeHash || !user.pendingEmailExpiresAt) throw new PanelException(NoEmailChange, { field: 'code' });
    if (user.pendingEmailExpiresAt.getTime() < Date.now()) throw new PanelException(EmailChangeExpired, { field: 'code' });
    // Counted before comparing, so parallel guesses cannot exceed the tries.
    const tries = await this.users.takeEmailCodeTry(user.id);
    if (tries === null || tries > CODE_MAX_TRIES) throw new PanelException(TooManyAttempts, { field: 'code' });
    if (!this.codes.matches(`${user.id}:${user.pendingEmail}:${code}`, user.pendingEmailCodeHash)) throw new PanelException(EmailChangeCodeWrong, { field: 'code' });
    const changes: Partial<UserEntity> = { email: user.pendingEmail, ...noPendingEmail };
    // The username starts as the email; one never changed follows the new address.
    if (user.username === user.email) changes.username = user.pendingEmail;
    try {
      await this.users.update(user.id, changes);
    } catch (err) {
      if (isDuplicateKey(err)) throw new PanelException(EmailExists, { field: 'email' });
      throw err;
    }
    await this.endOtherSessions(user.id, viewer);
    const token = newToken();
    await this.undos.insert({ userId: user.id, tokenHash: sha256(token), oldEmail: user.email, newEmail: user.pendingEmail, expiresAt: new Date(Date.now() + EMAIL_UNDO_TTL_MS) });
    const link = `${this.config.siteOrigin}/email-change-undo?token=${encodeURIComponent(token)}`;
    await this.mail.queue({ to: user.email, ...emailChangedMail(this.config, user.firstName, user.pendingEmail, link) });
    return accountOf((await this.users.findById(user.id))!);
  }

  /**
   * The link mailed to the address an account left: puts that address back, ends every session of the account (access
   * tokens, reset links and other undo links included). Works once: the link is used up by one conditional UPDATE
   * before anything changes, so parallel uses act once.
   */
  async undoEmailChange(token: string): Promise<{ email: string }> {
    const invalid = () => new AuthException(AuthErrorCode.InvalidToken, { field: 'token' });
    const undo = await this.undos.findOneBy({ tokenHash: sha256(token) });
    if (!undo || undo.usedAt || undo.expiresAt.getTime() < Date.now()) throw invalid();
    const used = await this.undos.update({ id: undo.id, usedAt: IsNull() }, { usedAt: new Date() });
    if ((used.affected ?? 0) !== 1) throw invalid();
    const user = await this.users.findById(undo.userId);
    if (!user) throw invalid();
    const changes: Partial<UserEntity> = { email: undo.oldEmail, ...noPendingEmail };
    if (user.username === user.email) changes.username = undo.oldEmail;
    try {
      await this.users.update(user.id, changes);
    } catch (err) {
      // Someone else took the old address meanwhile.
      if (isDuplicateKey(err)) throw new PanelException(EmailExists, { field: 'email' });
      throw err;
    }
    await this.undos.update({ userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
    await this.auth.revokeUserFamilies(user.id);
    await this.users.raiseTokenVersion(user.id);
    await this.auth.voidPasswordResets(user.id);
    return { email: undo.oldEmail };
  }

  /** Hourly: undo links that are used or expired can go. */
  @Interval(60 * 60_000)
  async pruneUndos(): Promise<void> {
    await this.undos.delete({ expiresAt: LessThan(new Date()) });
    await this.undos.delete({ usedAt: Not(IsNull()) });
  }

  /** Deletes the account after the caller's password (an admin deleting another account gives their own). */
  async remove(id: number, password: string, viewer: Viewer): Promise<void> {
    const user = await this.target(id, viewer);
    await this.checkPassword(viewer, password, 'password');
    await this.deletion.deleteAccount(user.id);
  }

  /** Everything stored about the account, as one JSON document. */
  async export(id: number, viewer: Viewer): Promise<Record<string, unknown>> {
    const user = await this.target(id, viewer);
    const posts = await this.posts.mine(user.id);
    const data = await this.account.listingData(posts.map((p) => p.id));
    const of = (rows: Record<string, unknown>[], postId: number) => rows.filter((r) => Number(r.post_id) === postId);
    return {
      exported_at: new Date().toISOString(),
      user: { ...accountOf(user), marketing_consent: user.marketingConsent, terms_accepted_at: user.termsAcceptedAt, created_at: user.createdAt },
      posts: posts.map((p) => ({ ...p, videos: of(data.videos, p.id), audios: of(data.audios, p.id), enquiries: of(data.enquiries, p.id), reviews: of(data.reviews, p.id), stats: of(data.stat_days, p.id) })),
    };
  }

  /** The account named in the path: the caller's own, or any for an admin (403 user_not_allowed otherwise). */
  private async target(id: number, viewer: Viewer): Promise<UserEntity> {
    if (id !== viewer.userId && !isAdmin(viewer)) throw new PanelException(UserNotAllowed, { field: 'id' });
    const user = await this.users.findById(id);
    if (!user) throw new PanelException(UserNotAllowed, { field: 'id' });
    return user;
  }

  private async checkPassword(viewer: Viewer, password: string, field: 'password' | 'current_password'): Promise<void> {
    const attempt = await this.limiter.attempt(LIMITS.passwordCheck(viewer.userId), () => new PanelException(TooManyAttempts, { field }));
    const caller = await this.users.findById(viewer.userId);
    if (!(await this.hasher.verify(caller?.passwordHash ?? null, password))) throw new PanelException(WrongPassword, { field });
    await this.limiter.forget(attempt);
  }

  /** Every other login ends at once, access tokens included (the version is raised); the caller's login moves along. */
  private async endOtherSessions(userId: number, viewer: Viewer): Promise<void> {
    const keep = viewer.userId === userId ? viewer.familyId : undefined;
    await this.auth.revokeOtherFamilies(userId, keep);
    await this.users.raiseTokenVersion(userId);
    if (keep) await this.auth.setFamilyVersion(keep, (await this.users.findById(userId))!.tokenVersion);
    await this.auth.voidPasswordResets(userId);
  }

  private async startEmailChange(user: UserEntity, email: string): Promise<void> {
    const owner = await this.users.findByEmail(email);
    if (owner && owner.id !== user.id) throw new PanelException(EmailExists, { field: 'email' });
    await this.limiter.attempt(LIMITS.codesMailed(user.id), () => new PanelException(TooManyAttempts, { field: 'email' }));
    const code = newSignupCode();
    await this.users.update(user.id, {
      pendingEmail: email,
      pendingEmailCodeHash: this.codes.of(`${user.id}:${email}:${code}`),
      pendingEmailExpiresAt: new Date(Date.now() + CODE_TTL_MS),
      pendingEmailTries: 0,
    });
    await this.mail.queue({ to: email, ...emailChangeMail(this.config, user.firstName, code) });
  }
}

const noPendingEmail: Partial<UserEntity> = { pendingEmail: null, pendingEmailCodeHash: null, pendingEmailExpiresAt: null, pendingEmailTries: 0 };
