import type { Role } from '@directory/domain';
import { Column, Entity } from 'typeorm';
import { CreatedAt, PrimaryId, UpdatedAt } from '../../database/columns';

@Entity('users')
export class UserEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 190, unique: true })
  email!: string;

  /** Equal to the email on sign-up. */
  @Column({ type: 'varchar', length: 190 })
  username!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 20, default: 'member' })
  role!: Role;

  @Column({ name: 'is_active', type: 'boolean', default: false })
  isActive!: boolean;

  /** Set by an admin: the next login answers 'Password change needed!'. */
  @Column({ name: 'password_change_needed', type: 'boolean', default: false })
  passwordChangeNeeded!: boolean;

  /** Carried by access tokens; raising it (a password reset, logging out everywhere) ends all of them at once. */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion!: number;

  /** Organisations that do not charge students publish without a subscription (cliste only; set by an admin). */
  @Column({ name: 'free_for_life', type: 'boolean', default: false })
  freeForLife!: boolean;

  /** Set by an admin: the account can neither log in nor refresh, and its access tokens stop working. */
  @Column({ type: 'boolean', default: false })
  disabled!: boolean;

  @Column({ name: 'marketing_consent', type: 'boolean', default: false })
  marketingConsent!: boolean;

  @Column({ name: 'terms_accepted_at', type: 'datetime', nullable: true })
  termsAcceptedAt!: Date | null;

  /** A new address waiting for the code mailed to it (PUT /api/users/{id}/ with email); null when none is. */
  @Column({ name: 'pending_email', type: 'varchar', length: 190, nullable: true })
  pendingEmail!: string | null;

  /** The MAC of that code, never the code itself. */
  @Column({ name: 'pending_email_code_hash', type: 'varchar', length: 64, nullable: true })
  pendingEmailCodeHash!: string | null;

  @Column({ name: 'pending_email_expires_at', type: 'datetime', nullable: true })
  pendingEmailExpiresAt!: Date | null;

  /** Wrong codes tried against the pending change; a few end it. */
  @Column({ name: 'pending_email_tries', type: 'int', default: 0 })
  pendingEmailTries!: number;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;
}
