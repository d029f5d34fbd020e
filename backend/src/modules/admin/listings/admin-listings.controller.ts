import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { IdParamDto } from '../../../common/id-param.dto';
import { Roles } from '../../../common/roles.guard';
import { SimpleRestQueryDto } from '../../../common/simple-rest';
import { CurrentViewer, Viewer } from '../../../common/viewer';
import { UpdateListingDto } from './admin-listings.dto';
import { AdminListingsService } from './admin-listings.service';

@Controller('api/admin/listings')
@Roles('admin')
export class AdminListingsController {
  constructor(private readonly listings: AdminListingsService) {}

  @Get()
  list(@Query() query: SimpleRestQueryDto) {
    return this.listings.list(query);
  }

  @Get(':id')
  one(@Param() { id }: IdParamDto) {
    return this.listings.one(id);
  }

  @Put(':id')
  update(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto, @Body() dto: UpdateListingDto) {
    return this.listings.update(viewer, id, dto);
  }

  /** The buttons of the app: the same change as PUT {"hidden": true|false}, recorded as hide / unhide. */
  @Post(':id/hide')
  @HttpCode(200)
  hide(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.listings.update(viewer, id, { hidden: true });
  }

  @Post(':id/unhide')
  @HttpCode(200)
  unhide(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.listings.update(viewer, id, { hidden: false });
  }
}
