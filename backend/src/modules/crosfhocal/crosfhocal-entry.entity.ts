import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A crossword competition entry (spec section 3); one per email. */
@Entity('crosfhocal_entries')
export class CrosfhocalEntryEntity {
  @PrimaryGeneratedColumn({ type: 'int' }) id!: number;
  @Column({ name: 'first_name', type: 'varchar', length: 100 }) firstName!: string;
  @Column({ name: 'last_name', type: 'varchar', length: 100 }) lastName!: string;
  @Column({ type: 'varchar', length: 190, unique: true }) email!: string;
  @Column({ type: 'varchar', length: 200 }) school!: string;
  @Column({ type: 'varchar', length: 60 }) across2!: string;
  @Column({ type: 'varchar', length: 60 }) down1!: string;
  @Column({ type: 'varchar', length: 60 }) across4!: string;
  @Column({ type: 'varchar', length: 60 }) down3!: string;
  @Column({ type: 'varchar', length: 60 }) across8!: string;
  @Column({ type: 'varchar', length: 60 }) down5!: string;
  @Column({ type: 'varchar', length: 60 }) across9!: string;
  @Column({ type: 'varchar', length: 60 }) down6!: string;
  @Column({ type: 'varchar', length: 60 }) across11!: string;
  @Column({ type: 'varchar', length: 60 }) down7!: string;
  @Column({ type: 'varchar', length: 60 }) across12!: string;
  @Column({ type: 'varchar', length: 60 }) down10!: string;
  @Column({ type: 'boolean', default: false }) subscribe!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}
