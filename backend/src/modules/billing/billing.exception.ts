import type { BillingErrorCode } from '@directory/domain';
import { DomainException } from '../../common/domain.exception';

/** Publishing without a subscription, a refund asked for too late (codes and messages in @directory/domain). */
export class BillingException<C extends BillingErrorCode = BillingErrorCode> extends DomainException<'billing', C> {
  readonly domain = 'billing';
}
