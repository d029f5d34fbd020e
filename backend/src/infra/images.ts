import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { COVER_SIZE, COVER_WIDTHS, narrowerName, PHOTO_SIZES, PHOTO_WIDTHS, type PhotoSize } from '@directory/domain';
import { type CoverArtSpec, CoverArtRenderer, coverArtSpec } from './cover-art';
import { FileStore } from './file-store';

// The sizes and the narrower widths, defined once with the site's `srcset` builder (packages/domain/src/images.ts).
export { COVER_SIZE, COVER_WIDTHS, PHOTO_SIZES, PHOTO_WIDTHS, type PhotoSize };

/**
 * A new image_version for a changed picture (posts, articles): random rather than counted, so a post deleted and
 * another later given its slug_extract, or a database restored from a backup, does not reuse a number caches hold
 * under another picture. Never 0 (0 means "unchanged since image_version came").
 */
export const newImageVersion = (previous = 0): number => {
  for (;;) {
    const v = randomInt(1, 2 ** 31 - 1);
    if (v !== previous) return v;
  }
};

/**
 * The `?v=` of a picture's URLs: its image_version, a new number at every change of the picture (updated_at is in
 * whole seconds on MariaDB, the same for two uploads within a second); updated_at as before for a row whose picture has
 * not changed since image_version came, so the URLs caches already hold stay right.
 */
export const imageVersionOf = (imageVersion: number | null | undefined, updatedAt: Date | string): string =>
  imageVersion ? String(imageVersion) : String(new Date(updatedAt).getTime() || 0);

/** The height of a narrower copy of a width x height picture (the same proportions, rounded). */
export const scaledHeight = (width: number, height: number, to: number) => Math.round((height * to) / width);

/** One file of a listing's set: a size at full width (`width` absent) or one of its narrower copies. */
export interface PhotoVariant {
  size: PhotoSize;
  width?: number;
}

/** Every file one upload (or one listing's cover art) makes: the three sizes and their narrower copies. */
export const PHOTO_VARIANTS: PhotoVariant[] = (Object.keys(PHOTO_SIZES) as PhotoSize[]).flatMap((size) => [{ size }, ...PHOTO_WIDTHS[size].map((width) => ({ size, width }))]);

const variantKey = (v: PhotoVariant) => (v.width ? `${v.size}-${v.width}w` : v.size);

/** Above this many pixels an upload is refused before it is decoded (a small file can declare a huge image). */
export const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

const STORED_PHOTO = /^(.+)-one-(?:680x588|680x382|931x550)(?:-\d+w)?\.webp$/;

export type PhotoProblem = 'unreadable' | 'too_many_pixels';

/** Why an upload cannot become a listing photo; the posts module says it in its own words. */
export class PhotoError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem);
  }
}

/** Where a listing's photo of each size (or a narrower copy) lives under storage: served as /storage/library/{file}. */
export const listingPhotoPath = (slugExtract: string, size: PhotoSize, width?: number) => `library/${slugExtract}-one-${variantKey({ size, width })}.webp`;

/** Where an article cover's narrower copy lives: `cover.webp` -> `cover-640w.webp`, beside it in article-assets/. */
export const coverVariantName = (image: string, width: number) => narrowerName(image, width);

/** Every file of an article cover under storage (the cover and its copies), to remove with the article or a replaced cover. */
export const coverPaths = (image: string) => (/^[a-z0-9-]+\.webp$/.test(image) ? [image, ...COVER_WIDTHS.map((w) => coverVariantName(image, w))].map((n) => `article-assets/${n}`) : []);

/** A narrower copy of a WebP already cropped to its proportions (a listing's size, an article cover). */
export const narrowerCopy = (image: Buffer, width: number, height: number): Promise<Buffer> =>
  sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).resize(width, height, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();

/** One picture under storage: its full-size file, its narrower copies, and the art drawn for it there. */
export interface DrawnSet {
  full: string;
  copies: readonly string[];
  art: CoverArtSpec;
}

/**
 * Removes each picture whose full size is drawn art (for `art`, the old title) or is not on disk (its copies then were
 * drawn), with its copies, so /storage/ draws them anew; an uploaded photo and its copies stay. True when some picture
 * shows drawn art: its URLs need a new `?v=` (after this, so no cache keeps the old art under the new one).
 */
export async function forgetDrawnArt(files: FileStore, art: CoverArtRenderer, sets: readonly DrawnSet[]): Promise<boolean> {
  let drawn = false;
  for (const set of sets) {
    const full = await files.read(set.full);
    if (full && !(await art.drew(full, set.art))) continue;
    drawn = true;
    // Another process may write an uploaded photo over the art meanwhile (the queue of ListingPhotos is per process):
    // the copies go only while the full size is still the art (or absent), and the full size only if still the art.
    const stillArt = async () => {
      const now = await files.read(set.full);
      return now === null || (full !== null && now.equals(full));
    };
    for (const path of set.copies) {
      if (!(await stillArt())) break;
      await files.remove(path);
    }
    if (full) await files.removeIfSame(set.full, full);
  }
  return drawn;
}

/**
 * A lister's photo at every size the site shows, as WebP without its metadata (EXIF with its GPS position is
 * dropped; the orientation it recorded is applied first). The only place besides the cover art that imports sharp.
 */
@Injectable()
export class ListingPhotos {
  /** Per listing, the write in progress: parallel uploads replace the set one after the other, never interleaved. */
  private readonly writes = new Map<string, Promise<unknown>>();

  constructor(
    private readonly files: FileStore,
    private readonly art: CoverArtRenderer,
  ) {}

  /**
   * The WebP files of an upload, keyed `680x588`, `680x588-320w`, …: every size and its narrower copies; PhotoError
   * when it is not a JPEG, PNG or WebP image sharp can read whole.
   */
  async render(input: Buffer): Promise<Record<string, Buffer>> {
    const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw new PhotoError('unreadable');
    }
    if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw new PhotoError('unreadable');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new PhotoError('too_many_pixels');
    try {
      const sets = await Promise.all(
        (Object.entries(PHOTO_SIZES) as [PhotoSize, readonly [number, number]][]).map(async ([size, [width, height]]) => {
          const full = await open().rotate().resize(width, height, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
          // The copies are made from the cropped full size: the same framing, and no second decode of the upload.
          const copies = await Promise.all(PHOTO_WIDTHS[size].map(async (w) => [variantKey({ size, width: w }), await this.narrower(full, w, scaledHeight(width, height, w))] as const));
          return [[size, full] as const, ...copies];
        }),
      );
      const entries = sets.flat();
      return Object.fromEntries(entries);
    } catch (err) {
      throw new PhotoError(/pixel limit/i.test(String((err as Error).message)) ? 'too_many_pixels' : 'unreadable');
    }
  }

  /**
   * A narrower copy of an image already at its final proportions (a stored size, an article cover): a photo uploaded
   * before the copies existed, or cover art, gets them on first request.
   */
  narrower(image: Buffer, width: number, height: number): Promise<Buffer> {
    return narrowerCopy(image, width, height);
  }

  /** Replaces the listing's files together: all are written under temporary names before any is renamed. */
  store(slugExtract: string, photos: Record<string, Buffer>): Promise<void> {
    return this.serial(slugExtract, () => this.files.replaceAll(Object.entries(photos).map(([key, data]) => ({ path: `library/${slugExtract}-one-${key}.webp`, data }))));
  }

  /** Removes the listing's files (an uploaded photo or drawn cover art, every size and copy); missing ones are fine. */
  remove(slugExtract: string): Promise<void> {
    return this.serial(slugExtract, async () => {
      for (const v of PHOTO_VARIANTS) await this.files.remove(listingPhotoPath(slugExtract, v.size, v.width));
    });
  }

  /**
   * After a title change: the listing's cover art drawn for the former title goes (every size and copy that is art),
   * to be drawn anew; an uploaded photo stays. In turn with uploads to the listing. True when the listing shows art.
   */
  forgetArt(slugExtract: string, formerTitle: string): Promise<boolean> {
    let drawn = false;
    const sets = (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((size) => ({
      full: listingPhotoPath(slugExtract, size),
      copies: PHOTO_WIDTHS[size].map((w) => listingPhotoPath(slugExtract, size, w)),
      art: coverArtSpec(formerTitle, slugExtract, PHOTO_SIZES[size][0], PHOTO_SIZES[size][1]),
    }));
    return this.serial(slugExtract, async () => {
      drawn = await forgetDrawnArt(this.files, this.art, sets);
    }).then(() => drawn);
  }

  /** The slug_extracts that have image files under storage (uploaded photos or drawn cover art). */
  async storedNames(): Promise<string[]> {
    const names = new Set<string>();
    for (const file of await this.files.list('library')) {
      const m = STORED_PHOTO.exec(file);
      if (m) names.add(m[1]);
    }
    return [...names];
  }

  private serial(key: string, work: () => Promise<void>): Promise<void> {
    const run = (this.writes.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.writes.set(key, run);
    const done = () => {
      if (this.writes.get(key) === run) this.writes.delete(key);
    };
    run.then(done, done);
    return run;
  }
}
