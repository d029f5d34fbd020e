import { CROSFHOCAL_ANSWER_FIELDS, CrosfhocalAnswerField } from '@directory/domain';
import { Column, Entity } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';

/** A crossword competition entry; one per email. */
// One column per answer of the domain's one list: typed here, mapped by the loop below the class.
export interface CrosfhocalEntryEntity extends Record<CrosfhocalAnswerField, string> {}
@Entity('crosfhocal_entries')
export class CrosfhocalEntryEntity {
  @PrimaryId() id!: number;
  @Column({ name: 'first_name', type: 'varchar', length: 100 }) firstName!: string;
  @Column({ name: 'last_name', type: 'varchar', length: 100 }) lastName!: string;
  @Column({ type: 'varchar', length: 190, unique: true }) email!: string;
  @Column({ type: 'varchar', length: 200 }) school!: string;
  @Column({ type: 'boolean', default: false }) subscribe!: boolean;
  @CreatedAt() createdAt!: Date;
}
for (const field of CROSFHOCAL_ANSWER_FIELDS) Column({ type: 'varchar', length: 60 })(CrosfhocalEntryEntity.prototype, field);
