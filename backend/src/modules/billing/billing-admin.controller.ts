import { Controller, Get } from '@nestjs/common';
import { Roles } from '../../common/roles.guard';
import { AdminResource } from '../admin/admin-resource';
import { AdminFreeForLifeApplications, AdminSubscriptions, BillingAdminService } from './billing-admin.service';

/** Billing for the admin app (ra-data-simple-rest dialect): subscriptions and their refunds. */
@AdminResource({ resource: 'subscriptions', service: AdminSubscriptions }, { actions: { refund: (subscriptions, viewer, id) => subscriptions.refund(viewer, id) } })
export class AdminSubscriptionsController {}

/** Free-for-life applications: an admin approves or refuses each; the applicant is emailed. */
@AdminResource(
  { resource: 'free-for-life-applications', service: AdminFreeForLifeApplications },
  {
    actions: {
      approve: (applications, viewer, id) => applications.decide(viewer, id, true),
      refuse: (applications, viewer, id) => applications.decide(viewer, id, false),
    },
  },
)
export class AdminFreeForLifeController {}

/** The billing figures of the admin app's dashboard. */
@Controller('api/admin')
@Roles('admin')
export class BillingAdminController {
  constructor(private readonly admin: BillingAdminService) {}

  @Get('billing-stats')
  stats() {
    return this.admin.stats();
  }
}
