import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';
import { UserEntity } from '../users/user.entity';

export type ApplicationStatus = 'pending' | 'approved' | 'refused';

/** A cliste lister's request to publish free for life (organisations that do not charge students); an admin decides. */
@Entity('free_for_life_applications')
@Index('IDX_free_for_life_applications_user', ['userId'])
@Index('IDX_free_for_life_applications_status', ['status'])
export class FreeForLifeApplicationEntity {
  @PrimaryId()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 200 })
  organisation!: string;

  @Column({ name: 'students_not_charged', type: 'boolean', default: false })
  studentsNotCharged!: boolean;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: ApplicationStatus;

  @CreatedAt()
  createdAt!: Date;

  @Column({ name: 'decided_at', type: 'datetime', nullable: true })
  decidedAt!: Date | null;
}
