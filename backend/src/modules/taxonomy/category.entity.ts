import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Ids are assigned, not generated: parent groups are configured as id ranges
 * (cliste: artistic activities 16-20, health-wellbeing above 20), so ids carry meaning.
 */
@Entity('categories')
export class CategoryEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ name: 'name_abbrev', type: 'varchar', length: 60 })
  nameAbbrev!: string;

  @Column({ type: 'varchar', length: 120, unique: true })
  slug!: string;

  @Column({ type: 'text' })
  description!: string;

  /** Inline SVG markup for the category icon, kept to an allowlist (infra/html-sanitizer.ts) when stored and when answered. */
  @Column({ name: 'svg_path', type: 'text' })
  svgPath!: string;

  @Column({ name: 'is_primary', type: 'boolean', default: false })
  isPrimary!: boolean;
}
