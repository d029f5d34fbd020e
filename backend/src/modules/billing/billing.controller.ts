import { PLAN_TERMS, PlansDto } from '@directory/domain';
import { Controller, Get } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';

/** The plans the pricing page shows: the site's amounts from configuration, the terms from the domain (spec section 9). */
@Controller('api/plans')
export class BillingController {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  @Get()
  plans(): PlansDto {
    const { currency, trialDays, refundDays, reminderDaysBefore } = PLAN_TERMS;
    const { monthlyCents, yearlyCents } = this.config.plans;
    return { currency, monthly_cents: monthlyCents, yearly_cents: yearlyCents, trial_days: trialDays, refund_days: refundDays, reminder_days_before: reminderDaysBefore };
  }
}
