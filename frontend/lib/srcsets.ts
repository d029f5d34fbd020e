import { type ArticleSummaryDto, IMAGE_WIDTHS, type PostDto, srcset } from '@directory/domain';
import type { Site } from './types';

/**
 * The `srcset` of each picture (shown with the `sizes` of image-sizes.ts), built from its versioned URL with the
 * width table the API's storage makes the copies from (@directory/domain: the answers no longer carry it, which halved
 * a page of listings). Built where a page's data is read (the server) and for the
 * listing's "more" cards, and kept out of image-sizes.ts, which every page's scripts import: a profile's scripts carry
 * only the ready values (its 100 KB budget).
 */
export const cardSrcset = (p: Pick<PostDto, 'images'>, site: Site) =>
  site === 'multi' ? srcset(p.images.card_wide, IMAGE_WIDTHS.card_wide) : srcset(p.images.card, IMAGE_WIDTHS.card);
export const profileSrcset = (p: Pick<PostDto, 'images'>) => srcset(p.images.map, IMAGE_WIDTHS.map);
export const coverSrcset = (a: Pick<ArticleSummaryDto, 'image'>) => srcset(a.image, IMAGE_WIDTHS.cover);
