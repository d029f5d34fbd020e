import { Controller, Get, Query } from '@nestjs/common';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { MediaQueryDto } from './dto/media-query.dto';
import { MediaService } from './media.service';

@Controller('api')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('audios')
  audios(@Query() { postId }: MediaQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.media.audios(postId, viewer);
  }

  @Get('videos')
  videos(@Query() { postId }: MediaQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.media.videos(postId, viewer);
  }
}
