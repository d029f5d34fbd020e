import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PostEntity } from '../posts/post.entity';
import { UserEntity } from './user.entity';

/**
 * Deletes an account with all its data, the one path for a member deleting their account and an admin deleting a
 * user. posts.owner_id is SET NULL, so the user's posts are deleted first (their enquiries, media and daily stats
 * cascade from posts); sign-up codes, sessions, refresh tokens and reset links cascade from users.
 */
@Injectable()
export class AccountDeletionService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** True when the account existed and is gone now. */
  async deleteAccount(userId: number): Promise<boolean> {
    return this.ds.transaction(async (manager) => {
      await manager.delete(PostEntity, { ownerId: userId });
      const result = await manager.delete(UserEntity, { id: userId });
      return (result.affected ?? 0) === 1;
    });
  }
}
