import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { SimpleRestQueryDto } from '../../common/simple-rest';
import { BillingAdminService } from './billing-admin.service';

/** Billing for the admin app (ra-data-simple-rest dialect): subscriptions, refunds, free-for-life applications, stats. */
@Controller('api/admin')
@Roles('admin')
export class BillingAdminController {
  constructor(private readonly admin: BillingAdminService) {}

  @Get('subscriptions')
  subscriptions(@Query() query: SimpleRestQueryDto) {
    return this.admin.subscriptions(query);
  }

  @Get('subscriptions/:id')
  subscription(@Param() { id }: IdParamDto) {
    return this.admin.subscription(id);
  }

  @Post('subscriptions/:id/refund')
  @HttpCode(200)
  refund(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.admin.refund(viewer, id);
  }

  @Get('free-for-life-applications')
  applications(@Query() query: SimpleRestQueryDto) {
    return this.admin.applications(query);
  }

  @Get('free-for-life-applications/:id')
  application(@Param() { id }: IdParamDto) {
    return this.admin.application(id);
  }

  @Post('free-for-life-applications/:id/approve')
  @HttpCode(200)
  approve(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.admin.decide(viewer, id, true);
  }

  @Post('free-for-life-applications/:id/refuse')
  @HttpCode(200)
  refuse(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.admin.decide(viewer, id, false);
  }

  @Get('billing-stats')
  stats() {
    return this.admin.stats();
  }
}
