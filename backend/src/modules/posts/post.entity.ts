import type { PostStatus, PriceDetails, PriceType } from '@directory/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, PrimaryId, UpdatedAt } from '../../database/columns';
import { CategoryEntity } from '../taxonomy/category.entity';
import { CountyEntity } from '../taxonomy/county.entity';
import { UserEntity } from '../users/user.entity';

/** A lister's profile ("post"). Index names match the migration that creates them. */
@Entity('posts')
@Index('IDX_posts_status_category_county_price', ['status', 'categoryId', 'countyId', 'price', 'slugExtract'])
@Index('IDX_posts_status_county_price', ['status', 'countyId', 'price', 'slugExtract'])
@Index('IDX_posts_status_created', ['status', 'createdAt'])
// slug_extract first, for the images; then what post_counts keys on: a rebuild of post_counts reads the hidden posts' counts from this index alone.
@Index('IDX_posts_slug_extract', ['slugExtract', 'status', 'categoryId', 'countyId', 'price'])
@Index('IDX_posts_owner', ['ownerId'])
// The list's order (created_at, then id) after each filter shape's equalities: see migration PostListIndexes.
@Index('IDX_posts_list_category', ['status', 'categoryId', 'createdAt'])
@Index('IDX_posts_list_category_county', ['status', 'categoryId', 'countyId', 'createdAt'])
@Index('IDX_posts_list_category_price', ['status', 'categoryId', 'price', 'createdAt'])
@Index('IDX_posts_list_category_county_price', ['status', 'categoryId', 'countyId', 'price', 'createdAt'])
@Index('IDX_posts_list_county', ['status', 'countyId', 'createdAt'])
@Index('IDX_posts_list_county_price', ['status', 'countyId', 'price', 'createdAt'])
@Index('IDX_posts_list_price', ['status', 'price', 'createdAt'])
// Budget bands in the list's order, and the list by from-price: see migration PriceDetails.
@Index('IDX_posts_band', ['status', 'priceBand', 'createdAt'])
@Index('IDX_posts_band_category', ['status', 'categoryId', 'priceBand', 'createdAt'])
@Index('IDX_posts_band_county', ['status', 'countyId', 'priceBand', 'createdAt'])
@Index('IDX_posts_band_category_county', ['status', 'categoryId', 'countyId', 'priceBand', 'createdAt'])
@Index('IDX_posts_by_price', ['status', 'priceSort'])
@Index('IDX_posts_by_price_category', ['status', 'categoryId', 'priceSort'])
@Index('IDX_posts_by_price_county', ['status', 'countyId', 'priceSort'])
@Index('IDX_posts_by_price_category_county', ['status', 'categoryId', 'countyId', 'priceSort'])
export class PostEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug!: string;

  /** Base name of the listing's image files: {slug_extract}-one-680x588.webp and siblings. */
  @Column({ name: 'slug_extract', type: 'varchar', length: 200 })
  slugExtract!: string;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status!: PostStatus;

  @Column({ name: 'category_id', type: 'int' })
  categoryId!: number;

  @ManyToOne(() => CategoryEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id' })
  category?: CategoryEntity;

  @Column({ name: 'county_id', type: 'int' })
  countyId!: number;

  @ManyToOne(() => CountyEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'county_id' })
  county?: CountyEntity;

  @Column({ type: 'varchar', length: 20 })
  price!: PriceType;

  /** What the price includes (PriceDetails as JSON text); null until the lister gives it. */
  @Column({ name: 'price_details', type: 'text', nullable: true, transformer: { to: (v: PriceDetails | null | undefined) => (v == null ? v : JSON.stringify(v)), from: (v: string | null) => (v == null ? null : (JSON.parse(v) as PriceDetails)) } })
  priceDetails!: PriceDetails | null;

  /** The from-price in cents (effectiveFromCents): what cards show. */
  @Column({ name: 'price_from', type: 'int', nullable: true })
  priceFrom!: number | null;

  /** The budget band of price_from (PRICE_BANDS' id; 0: none), an equality the band filter's indexes start with. */
  @Column({ name: 'price_band', type: 'int', default: 0 })
  priceBand!: number;

  /** price_from, or PRICE_SORT_LAST when there is none: the list by price, on request last, in one index order. */
  @Column({ name: 'price_sort', type: 'int', default: 2147483647 })
  priceSort!: number;

  @Column({ name: 'youtube1_id', type: 'varchar', length: 20, nullable: true })
  youtube1Id!: string | null;

  @Column({ name: 'featured_audio_url', type: 'varchar', length: 500, nullable: true })
  featuredAudioUrl!: string | null;

  @Column({ type: 'varchar', length: 120, default: '' })
  area!: string;

  @Column({ type: 'double', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double', nullable: true })
  longitude!: number | null;

  @Column({ name: 'has_location', type: 'boolean', default: false })
  hasLocation!: boolean;

  @Column({ name: 'owner_id', type: 'int', nullable: true })
  ownerId!: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'owner_id' })
  owner?: UserEntity;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  /** When the lister last uploaded the listing's photo; null while the listing shows drawn cover art. */
  @Column({ name: 'photo_uploaded_at', type: 'datetime', nullable: true })
  photoUploadedAt!: Date | null;

  /**
   * A new number at every change of the listing's picture (an upload, or cover art redrawn for a new title), carried by
   * its image URLs as `?v=`; 0 until then, when `?v=` is updated_at as before (see imageVersionOf in infra/images.ts).
   */
  @Column({ name: 'image_version', type: 'int', default: 0 })
  imageVersion!: number;

  /** Published reviews: their number and the sum of their overall ratings (the average is sum / count), kept by the reviews module. */
  @Column({ name: 'review_count', type: 'int', default: 0 })
  reviewCount!: number;

  @Column({ name: 'review_rating_sum', type: 'int', default: 0 })
  reviewRatingSum!: number;

  /** The published reviews' sub-rating averages as JSON ({"value":4.5}), one decimal each; null without any. */
  @Column({ name: 'review_sub_averages', type: 'varchar', length: 200, nullable: true })
  reviewSubAverages!: string | null;
}
