import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, PrimaryId, UpdatedAt } from '../../database/columns';

/** A guide article of the blog (/articles/{slug}). */
@Entity('articles')
@Index('IDX_articles_status_published', ['status', 'publishedAt'])
export class ArticleEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug!: string;

  @Column({ type: 'text' })
  excerpt!: string;

  /** HTML written by admins, kept to an allowlist (infra/html-sanitizer.ts) when stored and when answered. */
  @Column({ type: 'text' })
  content!: string;

  /** File name under storage/article-assets/. */
  @Column({ type: 'varchar', length: 200, default: '' })
  image!: string;

  @Column({ type: 'varchar', length: 120, default: '' })
  author!: string;

  @Column({ type: 'varchar', length: 20, default: 'publish' })
  status!: 'publish' | 'draft';

  @Column({ name: 'published_at', type: 'datetime' })
  publishedAt!: Date;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  /** A new number at every change of the cover (an upload, or drawn cover art whose title changed): its URLs' `?v=`. */
  @Column({ name: 'image_version', type: 'int', default: 0 })
  imageVersion!: number;
}
