import { PLAN_TERMS, PlansDto } from '@directory/domain';
import { Body, Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { CheckoutDto, FreeForLifeDto } from './billing.dto';
import { BillingService } from './billing.service';
import { FreeForLifeService } from './free-for-life.service';
import { WriteQuota } from '../../common/write-quota.guard';
import { StageOpen } from '../../common/stage-open';

/** The plans the pricing page shows: the site's amounts from configuration, the terms from the domain. */
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

/** The signed-in lister's own subscription (control panel), and Stripe's webhook. Each route acts on the caller only. */
@Controller('api/billing')
export class SubscriptionController {
  constructor(
    private readonly billing: BillingService,
    private readonly freeForLife: FreeForLifeService,
  ) {}

  @Get('subscription')
  @Roles('member', 'admin')
  subscription(@CurrentViewer() viewer: Viewer) {
    return this.billing.stateFor(viewer.userId);
  }

  @Post('checkout')
  @WriteQuota('billing')
  @HttpCode(200)
  @Roles('member', 'admin')
  checkout(@CurrentViewer() viewer: Viewer, @Body() dto: CheckoutDto) {
    return this.billing.checkout(viewer.userId, dto.plan);
  }

  @Post('cancel')
  @WriteQuota('billing')
  @HttpCode(200)
  @Roles('member', 'admin')
  cancel(@CurrentViewer() viewer: Viewer) {
    return this.billing.cancel(viewer.userId);
  }

  @Post('resume')
  @WriteQuota('billing')
  @HttpCode(200)
  @Roles('member', 'admin')
  resume(@CurrentViewer() viewer: Viewer) {
    return this.billing.resume(viewer.userId);
  }

  @Post('refund')
  @WriteQuota('billing')
  @HttpCode(200)
  @Roles('member', 'admin')
  refund(@CurrentViewer() viewer: Viewer) {
    return this.billing.refund(viewer.userId);
  }

  @Post('portal')
  @WriteQuota('billing')
  @HttpCode(200)
  @Roles('member', 'admin')
  portal(@CurrentViewer() viewer: Viewer) {
    return this.billing.portal(viewer.userId);
  }

  @Post('free-for-life')
  @WriteQuota('billing')
  @Roles('member', 'admin')
  applyFreeForLife(@CurrentViewer() viewer: Viewer, @Body() dto: FreeForLifeDto) {
    return this.freeForLife.apply(viewer.userId, dto);
  }

  /** Stripe's events; public, trusted only through the signature over the raw body. */
  @Post('webhook')
  // Stripe carries no token: its signature is checked instead.
  @StageOpen('open')
  @HttpCode(200)
  async webhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string) {
    await this.billing.webhook(req.rawBody, signature);
    return { received: true };
  }
}
