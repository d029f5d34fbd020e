import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ListingPhotos } from '../../infra/images';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { PostsRepository } from './posts.repository';

/**
 * Removes image files no post names any more. Deleting a post or an account removes its files after the database
 * commit; should that removal fail (a full disk, a permission), the files would stay servable by their old URLs, so
 * this sweep removes them a few hours later at the latest.
 */
@Injectable()
export class PhotoSweeper {
  private readonly log = new Logger(PhotoSweeper.name);

  constructor(
    private readonly photos: ListingPhotos,
    private readonly posts: PostsRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Every 6 hours; returns the slug_extracts whose files it removed. */
  @Interval(6 * 60 * 60_000)
  async sweep(): Promise<string[]> {
    const names = await this.photos.storedNames();
    const used = await this.posts.slugExtractsInUse(names);
    // Files under the reserved hidden name were never a listing's own (every hidden listing has that name): they go too.
    const orphans = names.filter((n) => !used.has(n) || n === this.config.hiddenSlugExtract);
    for (const name of orphans) await this.photos.remove(name).catch((err) => this.log.error(`Could not remove the photos of ${name}: ${String(err)}`));
    return orphans;
  }
}
