import { Column, Entity } from 'typeorm';
import { SingleUseTokenEntity } from './user-grant';

/**
 * One refresh token of a login "family" (RefreshFamilyEntity). Each refresh uses the token and issues the next one
 * in the family; presenting a used token again means it was stolen, and the whole family is revoked.
 */
@Entity('refresh_tokens')
export class RefreshTokenEntity extends SingleUseTokenEntity {
  @Column({ name: 'family_id', type: 'varchar', length: 36 })
  familyId!: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash!: string;
}
