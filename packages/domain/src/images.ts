/**
 * The widths each picture is stored at, and the `srcset` that names them: defined once for the API's storage (which
 * makes the copies, on upload or on first request) and the site's <Picture> (which offers them to the browser). The
 * answers carry only each picture's versioned URL; the site builds the `srcset` from it (docs/performance.md: the
 * ready-made values doubled a page of listings, 25 to 49 KB).
 */

/** A picture's full width and its narrower copies' widths. */
export interface ImageWidths {
  full: number;
  narrower: readonly number[];
}

/**
 * The widths of each picture an answer names: a post's `images.card`, `.card_wide` and `.map`, an article's `image`.
 * A card is shown 240 to 470 CSS px wide (one to four columns), the profile picture 290 to 690 px, an article cover
 * 290 to 640 px on its page and 240 to 470 px in the list: a phone at 1.75-3x takes the full size, narrow or 1x
 * screens a smaller file. (Kept short: the site's scripts carry this table.)
 */
export const IMAGE_WIDTHS = {
  card: { full: 680, narrower: [320, 480] },
  card_wide: { full: 680, narrower: [320, 480] },
  map: { full: 931, narrower: [320, 480, 640, 800] },
  cover: { full: 1200, narrower: [320, 480, 640, 800, 960] },
} as const satisfies Record<string, ImageWidths>;

/** The sizes a picture is shown at, each made from every upload: card (church, cliste), wide card (multi), map and profile. */
export const PHOTO_SIZES = { '680x588': [680, 588], '680x382': [680, 382], '931x550': [931, 550] } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** The narrower copies of each size, each at its size's proportions: `{slug_extract}-one-{size}-{width}w.webp`. */
export const PHOTO_WIDTHS: Record<PhotoSize, readonly number[]> = {
  '680x588': IMAGE_WIDTHS.card.narrower,
  '680x382': IMAGE_WIDTHS.card_wide.narrower,
  '931x550': IMAGE_WIDTHS.map.narrower,
};

/** An article cover is 1200x630; its narrower copies sit beside it in article-assets/. */
export const COVER_SIZE = [IMAGE_WIDTHS.cover.full, 630] as const;
export const COVER_WIDTHS = IMAGE_WIDTHS.cover.narrower;

/** The name of a narrower copy: `…-one-680x588.webp` -> `…-one-680x588-320w.webp`, `cover.webp` -> `cover-320w.webp`. */
export const narrowerName = (name: string, width: number): string => name.replace(/\.webp$/, `-${width}w.webp`);

/**
 * The `srcset` of a stored WebP picture from its URL as an answer gives it (versioned: `…-one-680x588.webp?v=…`): each
 * narrower copy and the picture itself, by width, each with the picture's own `?v=` (a new one at every change of the
 * picture, so caches may keep each URL for good), e.g. `…-680x588-320w.webp?v=… 320w, …, …-680x588.webp?v=… 680w`;
 * '' for anything else (no picture, or one kept at one size), which is then shown at its one size.
 */
export function srcset(url: string, widths: ImageWidths): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.endsWith('.webp')) return '';
  const v = q < 0 ? '' : url.slice(q);
  return [...widths.narrower.map((w) => `${narrowerName(path, w)}${v} ${w}w`), `${path}${v} ${widths.full}w`].join(', ');
}
