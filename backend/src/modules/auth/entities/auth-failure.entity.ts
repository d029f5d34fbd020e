import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One failed or rate-limited attempt (login, code check, reset request) by account or by address. */
@Entity('auth_failures')
export class AuthFailureEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  scope!: string;

  @Column({ type: 'varchar', length: 190 })
  subject!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
