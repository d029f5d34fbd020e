import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { IdParamDto } from '../../common/id-param.dto';
import { StatsService } from './stats.service';

@Controller('api')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  /** Counts a profile view (the profile page sends it once per visit; the API counts one per address and day). */
  @Post('posts/:id/views')
  @HttpCode(204)
  view(@Param() { id }: IdParamDto, @ClientAddress() address: string) {
    return this.stats.view(id, address);
  }
}
