import { SLUG_SOURCE, StorageErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { CoverArtRenderer, initials } from '../../infra/cover-art';
import { FileStore } from '../../infra/file-store';
import { ArticlesService } from '../articles/articles.service';
import { PostsService } from '../posts/posts.service';
import { StorageException } from './storage.exception';

/** The image sizes of spec section 3: card (church, cliste), wide card (multi), map info window. */
export const LISTING_SIZES = { '680x588': [680, 588], '680x382': [680, 382], '931x550': [931, 550] } as const;
const LISTING_FILE = new RegExp(`^(${SLUG_SOURCE})-one-(680x588|680x382|931x550)\\.webp$`);
const ARTICLE_FILE = new RegExp(`^${SLUG_SOURCE}\\.webp$`);
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
  ) {}

  async listingImage(file: string): Promise<Buffer> {
    const path = `library/${file}`;
    const stored = await this.files.read(path);
    if (stored) return stored;
    const m = LISTING_FILE.exec(file);
    const post = m ? await this.posts.findBySlugExtract(m[1]) : null;
    if (!m || !post) throw imageNotFound(file);
    const [width, height] = LISTING_SIZES[m[2] as keyof typeof LISTING_SIZES];
    return this.generate(path, { width, height, title: initials(post.title), subtitle: post.title, seed: post.slugExtract });
  }

  async articleImage(file: string): Promise<Buffer> {
    const path = `article-assets/${file}`;
    const stored = await this.files.read(path);
    if (stored) return stored;
    const article = ARTICLE_FILE.test(file) ? await this.articles.findByImage(file) : null;
    if (!article) throw imageNotFound(file);
    return this.generate(path, { width: 1200, height: 630, title: initials(article.title), subtitle: article.title, seed: article.slug });
  }

  private async generate(path: string, spec: Parameters<CoverArtRenderer['render']>[0]): Promise<Buffer> {
    const image = await this.art.render(spec);
    await this.files.write(path, image);
    return image;
  }
}
