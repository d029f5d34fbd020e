import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ContactDto } from './contact.dto';
import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact')
  send(@Body() dto: ContactDto, @Req() req: Request) {
    return this.contact.send(dto, req.ip ?? 'unknown');
  }

  @Get('api/contact-details')
  details() {
    return this.contact.details();
  }
}
