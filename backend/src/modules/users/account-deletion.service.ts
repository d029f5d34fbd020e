import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { ListingPhotos } from '../../infra/images';
import { BillingService } from '../billing/billing.service';
import { AccountRepository } from './account.repository';

/**
 * Deletes an account and everything of it: listings, media, enquiries, statistics, logins and codes in one database
 * transaction, then the listings' image files. A live subscription is cancelled at Stripe first. The member's own deletion and the admin app's both come here.
 */
@Injectable()
export class AccountDeletionService {
  private readonly log = new Logger(AccountDeletionService.name);

  constructor(
    private readonly account: AccountRepository,
    private readonly photos: ListingPhotos,
    private readonly billing: BillingService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async deleteAccount(userId: number): Promise<void> {
    // Stripe first: a deleted lister is never charged again (the subscription rows then go with the user).
    await this.billing.endForDeletedAccount(userId);
    const posts = await this.account.deleteUser(userId);
    // Files go after the commit: a rolled-back deletion keeps its photos. A file that cannot be removed now is tried
    // again once; one still left is logged, and PhotoSweeper (posts module) removes it within hours.
    for (const { slug_extract } of posts) {
      if (slug_extract === this.config.hiddenSlugExtract) continue;
      try {
        await this.photos.remove(slug_extract);
      } catch {
        await this.photos.remove(slug_extract).catch((err) => this.log.error(`Could not remove the photos of ${slug_extract}: ${String(err)}`));
      }
    }
  }
}
