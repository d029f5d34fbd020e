import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UserGrantEntity } from './user-grant';

/**
 * One login: the chain of refresh tokens that rotating it produces. Whether a refresh token still works is decided
 * here, by the family, so a token added to a family at the moment it is revoked is dead all the same. Its expiry is
 * the absolute end of the session, however often it is refreshed.
 */
@Entity('refresh_families')
export class RefreshFamilyEntity extends UserGrantEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /**
   * The user's token version when the login began. A password reset or logging out everywhere raises the user's, which
   * ends the family even when the login was racing the reset and stored its family just after it.
   */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion!: number;

  @Column({ name: 'revoked_at', type: 'datetime', nullable: true })
  revokedAt!: Date | null;
}
