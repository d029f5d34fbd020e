import { PanelErrorCode, PostsErrorCode, youtubeId } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { PanelException } from '../../common/domain.exception';
import { PostsException } from '../posts/posts.exception';
import type { AudioInputDto, VideoInputDto } from './dto/media-input.dto';
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

  /** Adds a video to a post of the viewer's (any, for an admin); the id is read from whatever YouTube link was given. */
  async addVideo(dto: VideoInputDto, viewer: Viewer): Promise<VideoDto> {
    await this.posts.findOwned(dto.postId, viewer, 'postId');
    return mapVideo(await this.media.addVideo({ postId: dto.postId, youtubeId: youtubeId(dto.url)!, title: dto.title ?? '' }));
  }

  async addAudio(dto: AudioInputDto, viewer: Viewer): Promise<AudioDto> {
    await this.posts.findOwned(dto.postId, viewer, 'postId');
    return mapAudio(await this.media.addAudio({ postId: dto.postId, url: dto.url.trim(), title: dto.title ?? '' }));
  }

  /** Deletes a video of the viewer's posts; someone else's is a 404 like one that does not exist. */
  async deleteVideo(id: number, viewer: Viewer): Promise<void> {
    const video = await this.media.findVideo(id);
    await this.ownedOr404(video?.postId, viewer, () => new PanelException(PanelErrorCode.MediaNotFound, { field: 'id', values: ['video', id] }));
    await this.media.deleteVideo(id);
  }

  async deleteAudio(id: number, viewer: Viewer): Promise<void> {
    const audio = await this.media.findAudio(id);
    await this.ownedOr404(audio?.postId, viewer, () => new PanelException(PanelErrorCode.MediaNotFound, { field: 'id', values: ['audio', id] }));
    await this.media.deleteAudio(id);
  }

  private async ownedOr404(postId: number | undefined, viewer: Viewer, notFound: () => Error): Promise<void> {
    if (postId === undefined) throw notFound();
    try {
      await this.posts.findOwned(postId, viewer, 'id');
    } catch (err) {
      if (err instanceof PostsException && err.code === PostsErrorCode.PostNotFound) throw notFound();
      throw err;
    }
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
