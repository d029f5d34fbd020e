import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, Repository } from 'typeorm';
import { isMissingParent } from '../../database/duplicate-key';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { RefreshFamilyEntity } from './entities/refresh-family.entity';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { SignupCodeEntity } from './entities/signup-code.entity';

export const CODE_MAX_TRIES = 5;
/**
 * How long a process trusts its last answer to "is this login still live?" for access tokens. Revoking in this
 * process forgets it at once; another API process notices within this time.
 */
export const FAMILY_CHECK_MS = 3_000;
const FAMILY_CHECKS_KEPT = 10_000;
const EXPIRED_CODES_KEPT_MS = 24 * 60 * 60_000;

/** A refresh token with the state of its family, which decides whether it still works. */
export interface RefreshTokenState {
  id: number;
  userId: number;
  familyId: string;
  usedAt: Date | null;
  /** When the session ends; null when the token no longer works (expired, its family revoked or over). */
  sessionEnd: Date | null;
  /** The user's token version when the session began. */
  tokenVersion: number;
}

/**
 * Each change that a race could break is one conditional statement (no read-then-write), so the answer does not
 * depend on transactions: TypeORM runs every SQLite query over one shared connection, where concurrent transactions
 * would mix.
 */
@Injectable()
export class AuthRepository {
  constructor(
    @InjectRepository(SignupCodeEntity) private readonly codes: Repository<SignupCodeEntity>,
    @InjectRepository(RefreshFamilyEntity) private readonly families: Repository<RefreshFamilyEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
    @InjectRepository(PasswordResetEntity) private readonly resets: Repository<PasswordResetEntity>,
  ) {}

  /** Whether each login was live when last asked, and when (see FAMILY_CHECK_MS). */
  private readonly familyChecks = new Map<string, { live: boolean; at: number }>();

  /** Ends the account's open codes and stores a new one; false when the account is gone (see PendingAccountPruner). */
  async replaceSignupCode(userId: number, codeHash: string, expiresAt: Date): Promise<boolean> {
    await this.codes.update({ userId, usedAt: IsNull() }, { usedAt: new Date() });
    try {
      await this.codes.insert({ userId, codeHash, expiresAt });
      return true;
    } catch (err) {
      if (isMissingParent(err)) return false;
      throw err;
    }
  }

  latestOpenCode(userId: number): Promise<SignupCodeEntity | null> {
    return this.codes.findOne({ where: { userId, usedAt: IsNull() }, order: { id: 'DESC' } });
  }

  /** Takes one of the code's tries, if any is left; answers how many are used up then, or null. */
  async takeCodeTry(id: number): Promise<number | null> {
    const result = await this.codes
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND attempts < :max AND used_at IS NULL', { id, max: CODE_MAX_TRIES })
      .execute();
    if ((result.affected ?? 0) !== 1) return null;
    return (await this.codes.findOneByOrFail({ id })).attempts;
  }

  /** Uses the code up, once: of two racing confirmations only one gets true. */
  async useCode(id: number): Promise<boolean> {
    const result = await this.codes.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  async insertFamily(row: Pick<RefreshFamilyEntity, 'id' | 'userId' | 'tokenVersion' | 'expiresAt'>): Promise<void> {
    await this.families.insert(row);
  }

  async insertRefreshToken(row: Pick<RefreshTokenEntity, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await this.refreshTokens.insert(row);
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenState | null> {
    const row = await this.refreshTokens.findOneBy({ tokenHash });
    if (!row) return null;
    const family = await this.liveFamily(row.familyId);
    const sessionEnd = family && row.expiresAt.getTime() > Date.now() ? family.expiresAt : null;
    return { id: row.id, userId: row.userId, familyId: row.familyId, usedAt: row.usedAt, sessionEnd, tokenVersion: family?.tokenVersion ?? -1 };
  }

  /** The family unless it is revoked, over or gone. */
  async liveFamily(familyId: string): Promise<RefreshFamilyEntity | null> {
    const family = await this.families.findOneBy({ id: familyId, revokedAt: IsNull() });
    return family && family.expiresAt.getTime() > Date.now() ? family : null;
  }

  /**
   * Whether an access token's login still lives (not logged out, revoked or over), as asked at most FAMILY_CHECK_MS
   * ago in this process.
   */
  async familyLiveForAccess(familyId: string): Promise<boolean> {
    const now = Date.now();
    const known = this.familyChecks.get(familyId);
    if (known && now - known.at < FAMILY_CHECK_MS) return known.live;
    const live = (await this.liveFamily(familyId)) !== null;
    if (this.familyChecks.size >= FAMILY_CHECKS_KEPT) this.familyChecks.clear();
    this.familyChecks.set(familyId, { live, at: now });
    return live;
  }

  /** Marks the token used only if nobody used it first, so two racing refreshes cannot both succeed. */
  async useRefreshToken(id: number): Promise<boolean> {
    const result = await this.refreshTokens.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.families.update({ id: familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    this.familyChecks.delete(familyId);
  }

  async revokeUserFamilies(userId: number): Promise<void> {
    await this.families.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    this.familyChecks.clear();
  }

  /** Ends every login of the user but one (the caller's, after they changed their password). */
  async revokeOtherFamilies(userId: number, keepFamilyId: string | undefined): Promise<void> {
    const qb = this.families.createQueryBuilder().update().set({ revokedAt: new Date() }).where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepFamilyId) qb.andWhere('id <> :keepFamilyId', { keepFamilyId });
    await qb.execute();
    this.familyChecks.clear();
  }

  /** Moves a login to the user's new token version, so it survives the raise that ends every other one. */
  async setFamilyVersion(familyId: string, tokenVersion: number): Promise<void> {
    await this.families.update({ id: familyId, revokedAt: IsNull() }, { tokenVersion });
  }

  async insertPasswordReset(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.resets.insert({ userId, tokenHash, expiresAt });
  }

  findPasswordReset(tokenHash: string): Promise<PasswordResetEntity | null> {
    return this.resets.findOneBy({ tokenHash });
  }

  async usePasswordReset(id: number): Promise<boolean> {
    const result = await this.resets.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  /** Voids every open reset link of the user. */
  async voidPasswordResets(userId: number): Promise<void> {
    await this.resets.update({ userId, usedAt: IsNull() }, { usedAt: new Date() });
  }

  /**
   * Hourly: deletes what can no longer be used. Expired codes stay a day, so a late try still hears that its code
   * expired; used refresh tokens stay until they expire, since presenting one again is how a stolen copy is noticed;
   * a revoked or ended family goes with its tokens.
   */
  @Interval(60 * 60_000)
  async pruneExpired(): Promise<void> {
    const now = new Date();
    await this.codes.delete({ expiresAt: LessThan(new Date(now.getTime() - EXPIRED_CODES_KEPT_MS)) });
    await this.codes.delete({ usedAt: Not(IsNull()) });
    await this.resets.delete({ expiresAt: LessThan(now) });
    await this.resets.delete({ usedAt: Not(IsNull()) });
    await this.refreshTokens.delete({ expiresAt: LessThan(now) });
    const ended = 'expires_at < :now OR revoked_at IS NOT NULL';
    await this.refreshTokens.createQueryBuilder().delete().where(`family_id IN (SELECT id FROM refresh_families WHERE ${ended})`, { now }).execute();
    await this.families.createQueryBuilder().delete().where(ended, { now }).execute();
  }
}
