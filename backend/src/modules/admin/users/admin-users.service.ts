import { AdminErrorCode, RequestErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Not, Repository } from 'typeorm';
import type { AppConfig } from '../../../config/configuration';
import { InjectConfig } from '../../../config/config.module';
import { RequestException } from '../../../common/domain.exception';
import type { Viewer } from '../../../common/viewer';
import { RefreshFamilyEntity } from '../../auth/entities/refresh-family.entity';
import { AccountDeletionService } from '../../users/account-deletion.service';
import { UserEntity } from '../../users/user.entity';
import { notFound, ResourceSpec, sameNames } from '../admin-list';
import { changesFrom, SpecRows } from '../admin-resource';
import { AdminException } from '../admin.exception';
import { AuditService } from '../audit/audit.service';
import type { UpdateUserDto } from './admin-users.dto';

const SPEC: ResourceSpec = {
  resource: 'users',
  alias: 'u',
  columns: sameNames('id', 'email', 'first_name', 'last_name', 'role', 'is_active', 'password_change_needed', 'free_for_life', 'disabled', 'created_at'),
  search: ['email', 'first_name', 'last_name'],
};

export const mapUser = (u: UserEntity) => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  role: u.role,
  is_active: u.isActive,
  password_change_needed: u.passwordChangeNeeded,
  free_for_life: u.freeForLife,
  disabled: u.disabled,
  created_at: u.createdAt,
});
export type AdminUserRow = ReturnType<typeof mapUser>;

@Injectable()
export class AdminUsersService extends SpecRows<UserEntity, AdminUserRow> {
  constructor(
    @InjectRepository(UserEntity) users: Repository<UserEntity>,
    private readonly audit: AuditService,
    private readonly deletion: AccountDeletionService,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    super(users, SPEC, mapUser);
  }

  async update(viewer: Viewer, id: number, dto: UpdateUserDto): Promise<AdminUserRow> {
    // Free for life lets an organisation publish without paying: only cliste has such organisations.
    if (dto.free_for_life && this.config.site !== 'cliste') {
      const message = 'free_for_life can only be set on the cliste site';
      throw new RequestException(RequestErrorCode.ValidationFailed, { field: 'free_for_life', errors: [{ field: 'free_for_life', message }], values: [[{ message }]] });
    }
    if (id === viewer.userId && (dto.disabled || (dto.role && dto.role !== 'admin'))) throw new AdminException(AdminErrorCode.OwnAccount, { field: 'id' });
    return this.audit.change<AdminUserRow>(viewer, { action: 'update', resource: 'users', recordId: id }, async (m) => {
      const user = await m.findOneBy(UserEntity, { id });
      if (!user) throw notFound('users', id);
      if (dto.email && dto.email !== user.email && (await m.existsBy(UserEntity, { email: dto.email, id: Not(id) }))) {
        throw new AdminException(AdminErrorCode.EmailTaken, { field: 'email' });
      }
      const changes = changesFrom<UpdateUserDto, UserEntity>(dto, {
        first_name: 'firstName',
        last_name: 'lastName',
        // The username is the email.
        email: (email) => ({ email, username: email }),
        role: 'role',
        password_change_needed: 'passwordChangeNeeded',
        free_for_life: 'freeForLife',
        disabled: 'disabled',
      });
      if (Object.keys(changes).length) await m.update(UserEntity, { id }, changes);
      // Disabling ends every session now (the access tokens by their version), not when they run out.
      if (dto.disabled && !user.disabled) await this.endSessions(m, id);
      const after = await m.findOneByOrFail(UserEntity, { id });
      return { before: mapUser(user), after: mapUser(after) };
    });
  }

  /** The same deletion as a member deleting their own account, recorded with the account as it was. */
  async remove(viewer: Viewer, id: number): Promise<AdminUserRow> {
    if (id === viewer.userId) throw new AdminException(AdminErrorCode.OwnAccount, { field: 'id' });
    const before = await this.one(id);
    await this.deletion.deleteAccount(id);
    await this.audit.record(viewer, { action: 'delete', resource: 'users', recordId: id, before, after: null });
    return before;
  }

  private async endSessions(m: EntityManager, id: number): Promise<void> {
    await m.createQueryBuilder().update(RefreshFamilyEntity).set({ revokedAt: new Date() }).where('user_id = :id AND revoked_at IS NULL', { id }).execute();
    await m.createQueryBuilder().update(UserEntity).set({ tokenVersion: () => 'token_version + 1' }).where('id = :id', { id }).execute();
  }
}
