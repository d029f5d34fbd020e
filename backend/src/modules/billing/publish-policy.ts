import { BillingErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository';
import { allowsPublishing } from './billing-state';
import { BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';

/**
 * Who may publish a listing: a lister whose subscription is trialing or active, or one an admin
 * made free for life. The posts module asks this before a listing goes public; billing owns the answer, so the posts
 * module never reads subscriptions itself.
 */
@Injectable()
export class PublishPolicy {
  constructor(
    private readonly users: UsersRepository,
    private readonly billing: BillingRepository,
  ) {}

  async mayPublish(ownerId: number): Promise<boolean> {
    const owner = await this.users.findById(ownerId);
    if (!owner) return false;
    if (owner.freeForLife) return true;
    return (await this.billing.liveFor(ownerId)).some(allowsPublishing);
  }

  /** Answers 402 subscription_required when the owner may not publish. */
  async assertMayPublish(ownerId: number): Promise<void> {
    if (!(await this.mayPublish(ownerId))) throw new BillingException(BillingErrorCode.SubscriptionRequired, { field: 'status' });
  }
}
