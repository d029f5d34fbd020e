import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row (id 1): a counter that moves whenever public data changes, shared by every API process. */
@Entity('data_version')
export class DataVersionEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  // bigint comes back from mysql2 as a string; it is only ever compared and shown, never added to in JS.
  @Column({ type: 'bigint' })
  version!: string;
}
