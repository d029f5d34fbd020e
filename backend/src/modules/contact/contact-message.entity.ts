import { Column, Entity } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';

@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryId()
  id!: number;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 190 })
  email!: string;

  @Column({ type: 'text' })
  message!: string;

  /** The email to the site's team in mail_outbox. */
  @Column({ name: 'mail_id', type: 'int', nullable: true })
  mailId!: number | null;

  @CreatedAt()
  createdAt!: Date;
}
