import { BillingErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository';
import { BillingException } from './billing.exception';

/**
 * Who may publish a listing (spec sections 1 and 9): a lister whose subscription is trialing or active, or one an admin
 * made free for life. The posts module asks this before a listing goes public; billing owns the answer, so the posts
 * module never reads subscriptions itself.
 */
@Injectable()
export class PublishPolicy {
  constructor(private readonly users: UsersRepository) {}

  async mayPublish(ownerId: number): Promise<boolean> {
    const owner = await this.users.findById(ownerId);
    return owner?.freeForLife === true;
  }

  /** Answers 402 subscription_required when the owner may not publish. */
  async assertMayPublish(ownerId: number): Promise<void> {
    if (!(await this.mayPublish(ownerId))) throw new BillingException(BillingErrorCode.SubscriptionRequired, { field: 'status' });
  }
}
