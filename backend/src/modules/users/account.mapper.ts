import type { AccountDto } from '@directory/domain';
import type { UserEntity } from './user.entity';

/** The signed-in user as GET /api/me/ and the account calls answer: the session's user and the account's own fields. */
export const accountOf = (u: UserEntity): AccountDto => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  role: u.role,
  username: u.username,
  email_pending: u.pendingEmail,
  free_for_life: u.freeForLife,
});
