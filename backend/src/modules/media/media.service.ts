import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { isAdmin, Viewer } from '../../common/viewer';
import { PostsService } from '../posts/posts.service';
import { AudioDto, mapAudio, mapVideo, VideoDto } from './media.mapper';
import { MediaFilter, MediaRepository } from './media.repository';

@Injectable()
export class MediaService {
  constructor(
    private readonly media: MediaRepository,
    private readonly posts: PostsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async audios(postId: number | undefined, viewer: Viewer | null): Promise<AudioDto[]> {
    return (await this.media.findAudios(await this.filter(postId, viewer))).map(mapAudio);
  }

  async videos(postId: number | undefined, viewer: Viewer | null): Promise<VideoDto[]> {
    return (await this.media.findVideos(await this.filter(postId, viewer))).map(mapVideo);
  }

  /** A post's media are as visible as the post itself: a 404 for a post the viewer cannot see. */
  private async filter(postId: number | undefined, viewer: Viewer | null): Promise<MediaFilter> {
    if (postId !== undefined) {
      await this.posts.findVisible(postId, viewer, 'id');
      return { postId };
    }
    return isAdmin(viewer) ? {} : { visibleExcept: this.config.hiddenSlugExtract };
  }
}
