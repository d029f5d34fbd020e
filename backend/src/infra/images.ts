import { Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { FileStore } from './file-store';

/** The sizes of spec section 3, each made from every upload: card (church, cliste), wide card (multi), map and profile. */
export const PHOTO_SIZES = { '680x588': [680, 588], '680x382': [680, 382], '931x550': [931, 550] } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** Above this many pixels an upload is refused before it is decoded (a small file can declare a huge image). */
export const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

const STORED_PHOTO = /^(.+)-one-(?:680x588|680x382|931x550)\.webp$/;

export type PhotoProblem = 'unreadable' | 'too_many_pixels';

/** Why an upload cannot become a listing photo; the posts module says it in its own words. */
export class PhotoError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem);
  }
}

/** Where a listing's photo of each size lives under storage: served as /storage/library/{file}. */
export const listingPhotoPath = (slugExtract: string, size: PhotoSize) => `library/${slugExtract}-one-${size}.webp`;

/**
 * A lister's photo at every size the site shows, as WebP without its metadata (EXIF with its GPS position is
 * dropped; the orientation it recorded is applied first). The only place besides the cover art that imports sharp.
 */
@Injectable()
export class ListingPhotos {
  /** Per listing, the write in progress: parallel uploads replace the set one after the other, never interleaved. */
  private readonly writes = new Map<string, Promise<unknown>>();

  constructor(private readonly files: FileStore) {}

  /** The three WebP files of an upload; PhotoError when it is not a JPEG, PNG or WebP image sharp can read whole. */
  async render(input: Buffer): Promise<Record<PhotoSize, Buffer>> {
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
      const entries = await Promise.all(
        (Object.entries(PHOTO_SIZES) as [PhotoSize, readonly [number, number]][]).map(
          async ([size, [width, height]]) => [size, await open().rotate().resize(width, height, { fit: 'cover' }).webp({ quality: 82 }).toBuffer()] as const,
        ),
      );
      return Object.fromEntries(entries) as Record<PhotoSize, Buffer>;
    } catch (err) {
      throw new PhotoError(/pixel limit/i.test(String((err as Error).message)) ? 'too_many_pixels' : 'unreadable');
    }
  }

  /** Replaces the listing's three files together: all are written under temporary names before any is renamed. */
  store(slugExtract: string, photos: Record<PhotoSize, Buffer>): Promise<void> {
    return this.serial(slugExtract, () => this.files.replaceAll(Object.entries(photos).map(([size, data]) => ({ path: listingPhotoPath(slugExtract, size as PhotoSize), data }))));
  }

  /** Removes the listing's files (an uploaded photo or drawn cover art); missing ones are fine. */
  remove(slugExtract: string): Promise<void> {
    return this.serial(slugExtract, async () => {
      for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) await this.files.remove(listingPhotoPath(slugExtract, size));
    });
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
