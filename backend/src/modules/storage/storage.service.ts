import { SLUG_SOURCE, StorageErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { coverArtSpec, CoverArtRenderer } from '../../infra/cover-art';
import { FileStore } from '../../infra/file-store';
import { COVER_SIZE, COVER_WIDTHS, ListingPhotos, PHOTO_SIZES, PHOTO_WIDTHS, type PhotoSize, scaledHeight } from '../../infra/images';
import { ArticlesService } from '../articles/articles.service';
import { PostsService } from '../posts/posts.service';
import { StorageException } from './storage.exception';

/** The image sizes a post's pictures are shown at: card (church, cliste), wide card (multi), map info window. */
export const LISTING_SIZES = PHOTO_SIZES;
/**
 * A size, or one of its narrower copies (`-320w`): the slug cannot swallow the size, which is always there. Widths are
 * written without leading zeros, so each copy has one name only (`-0320w` would be another file made and kept).
 */
const LISTING_FILE = new RegExp(`^(${SLUG_SOURCE})-one-(680x588|680x382|931x550)(?:-([1-9]\\d*)w)?\\.webp$`);
const ARTICLE_FILE = new RegExp(`^${SLUG_SOURCE}\\.webp$`);
/** A narrower copy of an article's cover: made only for a published article's own cover (never a copy of a copy). */
const ARTICLE_COPY = new RegExp(`^(${SLUG_SOURCE})-([1-9]\\d*)w\\.webp$`);
/** Makings of one file before giving up while its source keeps changing (a title edited again and again). */
const MAKE_ATTEMPTS = 3;
const imageNotFound = (file: string) => new StorageException(StorageErrorCode.ImageNotFound, { field: 'file', values: [file] });

/**
 * Files under /storage/. A file on disk (an uploaded photo) wins; a listing or article without one gets
 * generated cover art, written to disk once so later requests are plain file reads.
 */
@Injectable()
export class StorageService {
  constructor(
    private readonly files: FileStore,
    private readonly art: CoverArtRenderer,
    private readonly posts: PostsService,
    private readonly articles: ArticlesService,
    private readonly photos: ListingPhotos,
  ) {}

  private readonly making = new Map<string, Promise<Buffer>>();

  async listingImage(file: string): Promise<Buffer> {
    const path = `library/${file}`;
    const stored = await this.files.read(path);
    if (stored) return stored;
    return this.once(path, () => this.makeListingImage(file, path));
  }

  private async makeListingImage(file: string, path: string): Promise<Buffer | null> {
    const m = LISTING_FILE.exec(file);
    if (!m) throw imageNotFound(file);
    const size = m[2] as PhotoSize;
    let [width, height]: readonly number[] = LISTING_SIZES[size];
    if (m[3]) {
      const copy = Number(m[3]);
      if (!PHOTO_WIDTHS[size].includes(copy)) throw imageNotFound(file);
      // A narrower copy not on disk: made once from the full size when that is (a photo uploaded before copies were made).
      const fullPath = `library/${m[1]}-one-${size}.webp`;
      const full = await this.files.read(fullPath);
      if (full) return this.keep(path, await this.photos.narrower(full, copy, scaledHeight(width, height, copy)), () => this.unchanged(fullPath, full));
      [width, height] = [copy, scaledHeight(width, height, copy)];
    }
    const post = await this.posts.findBySlugExtract(m[1]);
    if (!post) throw imageNotFound(file);
    const art = await this.art.render(coverArtSpec(post.title, post.slugExtract, width, height));
    return this.keep(path, art, async () => (await this.posts.findBySlugExtract(m[1]))?.title === post.title);
  }

  async articleImage(file: string): Promise<Buffer> {
    const path = `article-assets/${file}`;
    const stored = await this.files.read(path);
    if (stored) return stored;
    return this.once(path, () => this.makeArticleImage(file, path));
  }

  private async makeArticleImage(file: string, path: string): Promise<Buffer | null> {
    let [width, height]: readonly number[] = COVER_SIZE;
    let cover = file;
    let article = ARTICLE_FILE.test(file) ? await this.articles.findByImage(file) : null;
    const copy = article ? null : ARTICLE_COPY.exec(file);
    if (copy && (COVER_WIDTHS as readonly number[]).includes(Number(copy[2]))) {
      // A narrower copy of a published article's cover: from the cover on disk (an uploaded photo), or drawn at that width.
      const w = Number(copy[2]);
      cover = `${copy[1]}.webp`;
      article = await this.articles.findByImage(cover);
      if (!article) throw imageNotFound(file);
      const fullPath = `article-assets/${cover}`;
      const full = await this.files.read(fullPath);
      if (full) return this.keep(path, await this.photos.narrower(full, w, scaledHeight(width, height, w)), () => this.unchanged(fullPath, full));
      [width, height] = [w, scaledHeight(width, height, w)];
    }
    if (!article) throw imageNotFound(file);
    const { title, slug } = article;
    const art = await this.art.render(coverArtSpec(title, slug, width, height));
    return this.keep(path, art, async () => (await this.articles.findByImage(cover))?.title === title);
  }

  /**
   * One making of a missing file at a time per path in this process: a page of cards asks for many at once. A making
   * whose source changed meanwhile (null) is not answered: the file an upload wrote since is, or it is made again from
   * the new source, so a request for the new `?v=` never gets the former picture (cached a year under that URL).
   */
  private once(path: string, make: () => Promise<Buffer | null>): Promise<Buffer> {
    let making = this.making.get(path);
    if (!making) {
      making = (async () => {
        for (let attempt = 0; attempt < MAKE_ATTEMPTS; attempt++) {
          const made = await make();
          if (made) return made;
          const written = await this.files.read(path);
          if (written) return written;
        }
        // The source kept changing under every attempt: nothing true to answer yet.
        throw imageNotFound(path.slice(path.indexOf('/') + 1));
      })().finally(() => this.making.delete(path));
      this.making.set(path, making);
    }
    return making;
  }

  /**
   * Keeps a made file for later requests, unless its source changed while it was made: it is only created where no
   * file is (an upload that wrote this name meanwhile wins), and when the source it was drawn from (the full size on
   * disk, the title of the art) is no longer the same afterwards, it is removed again and made anew on the next request.
   * Without this a copy drawn from a replaced photo, or art of a former title, was kept for good. Null when the source
   * changed: the image is then of a former picture and is not answered either (see once).
   */
  private async keep(path: string, image: Buffer, sourceUnchanged: () => Promise<boolean>): Promise<Buffer | null> {
    await this.files.create(path, image);
    if (await sourceUnchanged()) return image;
    await this.files.removeIfSame(path, image);
    return null;
  }

  private async unchanged(path: string, was: Buffer): Promise<boolean> {
    return (await this.files.read(path))?.equals(was) ?? false;
  }
}
