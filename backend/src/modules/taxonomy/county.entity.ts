import { Column, Entity } from 'typeorm';
import { PrimaryId } from '../../database/columns';

/** A county is called a "tag" in URLs and API parameters (tagSlug, tag_name). */
@Entity('counties')
export class CountyEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 60, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 60 })
  name!: string;
}
