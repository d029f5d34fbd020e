import { AdminResource } from '../admin-resource';
import { UpdateListingDto } from './admin-listings.dto';
import { AdminListingsService } from './admin-listings.service';

/** Hide and unhide are the buttons of the app: the same change as PUT {"hidden": true|false}, recorded as hide / unhide. */
@AdminResource(
  { resource: 'listings', service: AdminListingsService },
  {
    update: UpdateListingDto,
    actions: {
      hide: (listings, viewer, id) => listings.update(viewer, id, { hidden: true }),
      unhide: (listings, viewer, id) => listings.update(viewer, id, { hidden: false }),
    },
  },
)
export class AdminListingsController {}
