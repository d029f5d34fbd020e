import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** The account of this email: the existing one, or a new inactive one (parallel sign-ups get the same row). */
  /** The account of this email, made pending if there is none; null when it was deleted right after (PendingAccountPruner). */
  async findOrCreatePending(fields: Pick<UserEntity, 'email' | 'username' | 'firstName' | 'lastName' | 'marketingConsent' | 'termsAcceptedAt'>): Promise<UserEntity | null> {
    await this.users.createQueryBuilder().insert().values({ ...fields, role: 'member', isActive: false, passwordHash: null }).orIgnore().execute();
    return this.users.findOneBy({ email: fields.email });
  }

  /** Activates a pending account with the given details; false when it was active already (a racing confirmation). */
  async activate(id: number, changes: Partial<UserEntity>): Promise<boolean> {
    const result = await this.users.update({ id, isActive: false }, { ...changes, isActive: true });
    return (result.affected ?? 0) === 1;
  }

  async update(id: number, changes: Partial<UserEntity>): Promise<void> {
    await this.users.update(id, changes);
  }

  /** Ends every access token issued to the user so far. */
  async raiseTokenVersion(id: number): Promise<void> {
    await this.users.createQueryBuilder().update().set({ tokenVersion: () => 'token_version + 1' }).where('id = :id', { id }).execute();
  }

  /** Counts a try of the pending email code; the count after it, or null when no change is pending. */
  async takeEmailCodeTry(id: number): Promise<number | null> {
    const result = await this.users.createQueryBuilder().update().set({ pendingEmailTries: () => 'pending_email_tries + 1' }).where('id = :id AND pending_email IS NOT NULL', { id }).execute();
    if (!result.affected) return null;
    return (await this.users.findOneBy({ id }))?.pendingEmailTries ?? null;
  }
}
