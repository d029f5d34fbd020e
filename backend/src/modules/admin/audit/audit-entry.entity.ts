import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../../database/columns';

/** One change an admin made: before and after are the record's admin rows as JSON (null when created / deleted). */
@Entity('audit_log')
@Index('IDX_audit_log_resource_record', ['resource', 'recordId'])
export class AuditEntryEntity {
  @PrimaryId()
  id!: number;

  @Column({ name: 'admin_id', type: 'int', nullable: true })
  adminId!: number | null;

  @Column({ name: 'admin_email', type: 'varchar', length: 190, default: '' })
  adminEmail!: string;

  @Column({ type: 'varchar', length: 40 })
  action!: string;

  @Column({ type: 'varchar', length: 60 })
  resource!: string;

  @Column({ name: 'record_id', type: 'varchar', length: 60 })
  recordId!: string;

  // BEFORE is a reserved word in MariaDB: the columns say what they hold.
  @Column({ name: 'before_value', type: 'text', nullable: true })
  before!: string | null;

  @Column({ name: 'after_value', type: 'text', nullable: true })
  after!: string | null;

  @CreatedAt()
  createdAt!: Date;
}
