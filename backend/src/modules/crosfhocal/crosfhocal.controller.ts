import { Body, Controller, Get, Post } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { CrosfhocalDto } from './crosfhocal.dto';
import { CrosfhocalService } from './crosfhocal.service';

@Controller()
export class CrosfhocalController {
  constructor(private readonly crosfhocal: CrosfhocalService) {}

  @Post('crosfhocal')
  enter(@Body() dto: CrosfhocalDto, @ClientAddress() address: string) {
    return this.crosfhocal.enter(dto, address);
  }

  @Get('api/crosfhocal')
  status() {
    return this.crosfhocal.status();
  }
}
