import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { PublicAnswer } from '../../common/answer-cache';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { PieceQueryDto, RepertoireInputDto } from './repertoire.dto';
import { RepertoireService } from './repertoire.service';

@Controller('api')
export class RepertoireController {
  constructor(private readonly repertoire: RepertoireService) {}

  /** The catalogue's type-ahead: pieces whose title or composer contain every word of q; without q, the whole catalogue. */
  @Get('pieces')
  @PublicAnswer()
  pieces(@Query() { q }: PieceQueryDto) {
    return this.repertoire.search(q);
  }

  @Get('posts/:id/repertoire')
  @PublicAnswer()
  ofPost(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer | null) {
    return this.repertoire.ofPost(id, viewer);
  }

  @Put('posts/:id/repertoire')
  @Roles('member', 'admin')
  replace(@Param() { id }: IdParamDto, @Body() dto: RepertoireInputDto, @CurrentViewer() viewer: Viewer) {
    return this.repertoire.replace(id, dto, viewer);
  }
}
