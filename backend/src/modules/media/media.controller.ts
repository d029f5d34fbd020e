import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { PublicAnswer } from '../../common/answer-cache';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { AudioInputDto, VideoInputDto } from './dto/media-input.dto';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { MediaQueryDto } from './dto/media-query.dto';
import { MediaService } from './media.service';
import { WriteQuota } from '../../common/write-quota.guard';

@Controller('api')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('audios')
  @PublicAnswer()
  audios(@Query() { postId }: MediaQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.media.audios(postId, viewer);
  }

  @Get('videos')
  @PublicAnswer()
  videos(@Query() { postId }: MediaQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.media.videos(postId, viewer);
  }

  @Post('videos')
  @WriteQuota('media')
  @Roles('member', 'admin')
  addVideo(@Body() dto: VideoInputDto, @CurrentViewer() viewer: Viewer) {
    return this.media.addVideo(dto, viewer);
  }

  @Delete('videos/:id')
  @WriteQuota('media')
  @Roles('member', 'admin')
  @HttpCode(204)
  deleteVideo(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer) {
    return this.media.deleteVideo(id, viewer);
  }

  @Post('audios')
  @WriteQuota('media')
  @Roles('member', 'admin')
  addAudio(@Body() dto: AudioInputDto, @CurrentViewer() viewer: Viewer) {
    return this.media.addAudio(dto, viewer);
  }

  /** The spec's path (section 7). */
  @Delete('audios/:id')
  @WriteQuota('media')
  @Roles('member', 'admin')
  @HttpCode(204)
  deleteAudio(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer) {
    return this.media.deleteAudio(id, viewer);
  }
}
