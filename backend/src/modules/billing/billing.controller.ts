import { Controller, Get } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';

/** The plans the pricing page shows, from configuration (spec section 9). Subscriptions arrive with billing. */
@Controller('api/plans')
export class BillingController {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  @Get()
  plans() {
    const { monthlyCents, yearlyCents, currency, trialDays } = this.config.plans;
    return { currency, monthly_cents: monthlyCents, yearly_cents: yearlyCents, trial_days: trialDays, refund_days: 30, reminder_days_before: 2 };
  }
}
