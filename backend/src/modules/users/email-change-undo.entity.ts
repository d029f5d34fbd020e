import { Column, Entity } from 'typeorm';
import { SingleUseTokenEntity } from '../auth/entities/user-grant';

/**
 * The link mailed to the address an account left when its email changed: used once before it expires, it puts that
 * address back and ends every session. Only the token's SHA-256 is stored.
 */
@Entity('email_change_undos')
export class EmailChangeUndoEntity extends SingleUseTokenEntity {
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @Column({ name: 'old_email', type: 'varchar', length: 190 })
  oldEmail!: string;

  @Column({ name: 'new_email', type: 'varchar', length: 190 })
  newEmail!: string;
}
