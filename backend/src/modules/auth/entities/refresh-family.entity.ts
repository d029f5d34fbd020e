import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One login: the chain of refresh tokens that rotating it produces. Whether a refresh token still works is decided
 * here, by the family, so a token added to a family at the moment it is revoked is dead all the same.
 */
@Entity('refresh_families')
export class RefreshFamilyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  /**
   * The user's token version when the login began. A password reset or logging out everywhere raises the user's, which
   * ends the family even when the login was racing the reset and stored its family just after it.
   */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion!: number;

  /** The absolute end of the session, however often it is refreshed. */
  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'datetime', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
