import { Body, Controller, Get, Post } from '@nestjs/common';
import { CrosfhocalDto } from './crosfhocal.dto';
import { CrosfhocalService } from './crosfhocal.service';

@Controller()
export class CrosfhocalController {
  constructor(private readonly crosfhocal: CrosfhocalService) {}

  @Post('crosfhocal')
  enter(@Body() dto: CrosfhocalDto) {
    return this.crosfhocal.enter(dto);
  }

  @Get('api/crosfhocal')
  status() {
    return this.crosfhocal.status();
  }
}
