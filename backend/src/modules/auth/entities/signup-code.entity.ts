import { Column, Entity } from 'typeorm';
import { SingleUseTokenEntity } from './user-grant';

/** The 4-digit sign-up code, stored as an HMAC; valid for a limited time and a limited number of tries. */
@Entity('signup_codes')
export class SignupCodeEntity extends SingleUseTokenEntity {
  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;
}
