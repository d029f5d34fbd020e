import { Column, Entity } from 'typeorm';
import { SingleUseTokenEntity } from './user-grant';

/** A single-use, expiring password-reset token (stored hashed). */
@Entity('password_resets')
export class PasswordResetEntity extends SingleUseTokenEntity {
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash!: string;
}
