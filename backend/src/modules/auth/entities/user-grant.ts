import { Column } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../../database/columns';

/*
 * The auth tables' shared columns, written once. Each table holds them itself: TypeORM copies the columns of these
 * abstract classes into every entity that extends them.
 */

/** Something issued to a user for a limited time: a login (refresh family) or a single-use token. */
export abstract class UserGrantEntity {
  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  /** The latest moment it works; ending it sooner is each table's own column (used_at, revoked_at). */
  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt!: Date;

  @CreatedAt()
  createdAt!: Date;
}

/** A sign-up code, a password reset or a refresh token: works once, until it expires. */
export abstract class SingleUseTokenEntity extends UserGrantEntity {
  @PrimaryId()
  id!: number;

  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt!: Date | null;
}
