import { Body, Controller, Get, Header, Post } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { EnquiryDto } from './dto/enquiry.dto';
import { EnquiriesService } from './enquiries.service';

@Controller('api')
export class EnquiriesController {
  constructor(private readonly enquiries: EnquiriesService) {}

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
