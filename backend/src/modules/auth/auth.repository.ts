import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { SignupCodeEntity } from './entities/signup-code.entity';

@Injectable()
export class AuthRepository {
  constructor(
    @InjectRepository(SignupCodeEntity) private readonly codes: Repository<SignupCodeEntity>,
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
    @InjectRepository(PasswordResetEntity) private readonly resets: Repository<PasswordResetEntity>,
  ) {}

  /** A new code replaces any earlier one of the user. */
  async replaceSignupCode(userId: number, codeHash: string, expiresAt: Date): Promise<void> {
    await this.codes.update({ userId, usedAt: IsNull() }, { usedAt: new Date() });
    await this.codes.insert({ userId, codeHash, expiresAt });
  }

  latestOpenCode(userId: number): Promise<SignupCodeEntity | null> {
    return this.codes.findOne({ where: { userId, usedAt: IsNull() }, order: { id: 'DESC' } });
  }

  async countCodeAttempt(id: number, attempts: number): Promise<void> {
    await this.codes.update(id, { attempts });
  }

  async useCode(id: number): Promise<void> {
    await this.codes.update(id, { usedAt: new Date() });
  }

  async insertRefreshToken(row: Pick<RefreshTokenEntity, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await this.refreshTokens.insert(row);
  }

  findRefreshToken(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.refreshTokens.findOneBy({ tokenHash });
  }

  /** Marks the token used only if nobody used it first, so two racing refreshes cannot both succeed. */
  async useRefreshToken(id: number): Promise<boolean> {
    const result = await this.refreshTokens.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeUserTokens(userId: number): Promise<void> {
    await this.refreshTokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
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
}
