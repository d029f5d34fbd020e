import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { StatsQueryDto } from './stats-query.dto';
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

  /** The signed-in member's statistics (page is accepted as the spec's lists take it; the answer is one page). */
  @Get('stats')
  @Roles('member', 'admin')
  @Header('Cache-Control', 'no-store')
  member(@Query() { postId }: StatsQueryDto, @CurrentViewer() viewer: Viewer) {
    return this.stats.member(viewer, postId);
  }
}
