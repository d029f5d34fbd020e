import { Body, Controller, Get, Post } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { ContactDto } from './contact.dto';
import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact')
  send(@Body() dto: ContactDto, @ClientAddress() address: string) {
    return this.contact.send(dto, address);
  }

  @Get('api/contact-details')
  details() {
    return this.contact.details();
  }
}
