import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { IdParamDto } from '../../common/id-param.dto';
import { EnquiryDto } from './dto/enquiry.dto';
import { EnquiriesService } from './enquiries.service';

@Controller('api')
export class EnquiriesController {
  constructor(private readonly enquiries: EnquiriesService) {}

  @Post('enquiries')
  send(@Body() dto: EnquiryDto, @Req() req: Request) {
    return this.enquiries.send(dto, req.ip ?? 'unknown');
  }

  /** Counts a profile view (the profile page sends it once per visit). */
  @Post('posts/:id/views')
  @HttpCode(204)
  view(@Param() { id }: IdParamDto) {
    return this.enquiries.view(id);
  }
}
