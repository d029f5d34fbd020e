import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { EnquiryDto } from './dto/enquiry.dto';
import { EnquiryBookedDto, EnquiryReadDto, InboxQueryDto } from './dto/inbox.dto';
import { EnquiriesService } from './enquiries.service';
import { InboxService } from './inbox.service';
import { WriteQuota } from '../../common/write-quota.guard';

@Controller('api')
export class EnquiriesController {
  constructor(
    private readonly enquiries: EnquiriesService,
    private readonly inbox: InboxService,
  ) {}

  /** The signed-in member's inbox: 20 a page, page 0 first, newest first, the total in X-Total-Count. */
  @Get('enquiries')
  @Roles('member', 'admin')
  @Header('Cache-Control', 'no-store')
  list(@Query() { page }: InboxQueryDto, @CurrentViewer() viewer: Viewer) {
    return this.inbox.list(viewer, page);
  }

  @Put('enquiries/:id')
  @WriteQuota('inbox')
  @Roles('member', 'admin')
  markRead(@Param() { id }: IdParamDto, @Body() { read }: EnquiryReadDto, @CurrentViewer() viewer: Viewer) {
    return this.inbox.markRead(id, read, viewer);
  }

  /** The lister booked (or did not book) the enquirer: the review form then asks "Did you book?". */
  @Put('enquiries/:id/booked')
  @WriteQuota('inbox')
  @Roles('member', 'admin')
  markBooked(@Param() { id }: IdParamDto, @Body() { booked }: EnquiryBookedDto, @CurrentViewer() viewer: Viewer) {
    return this.inbox.markBooked(id, booked, viewer);
  }

  @Delete('enquiries/:id')
  @WriteQuota('inbox')
  @Roles('member', 'admin')
  @HttpCode(204)
  remove(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer) {
    return this.inbox.remove(id, viewer);
  }

  /** The signed start time the enquiry form carries (fetched by the site when it renders a profile). */
  @Get('enquiries/form-token')
  @Header('Cache-Control', 'no-store')
  formToken() {
    return this.enquiries.formToken();
  }

  @Post('enquiries')
  send(@Body() dto: EnquiryDto, @ClientAddress() address: string) {
    return this.enquiries.send(dto, address);
  }
}
