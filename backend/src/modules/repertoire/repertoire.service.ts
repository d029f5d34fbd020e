import { CEREMONY_KEYS, momentsOf, PieceDto, RepertoireItem, RequestErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { RequestException } from '../../common/domain.exception';
import type { Viewer } from '../../common/viewer';
import { PostsService } from '../posts/posts.service';
import type { PostPieceEntity } from './post-piece.entity';
import type { RepertoireInputDto } from './repertoire.dto';
import { RepertoireRepository } from './repertoire.repository';

const invalid = (field: string, message: string) => new RequestException(RequestErrorCode.ValidationFailed, { field, errors: [{ field, message }], values: [[{ message }]] });

/** The order a profile shows a repertoire in: by ceremony type, then its moments' order, then the lister's. */
const rank = (ceremony: string, moment: string) => CEREMONY_KEYS.indexOf(ceremony as never) * 100 + momentsOf(ceremony).findIndex(([key]) => key === moment);

export const mapItem = (r: PostPieceEntity): RepertoireItem => ({
  ceremony: r.ceremony,
  moment: r.moment,
  piece_id: r.pieceId,
  title: r.piece ? r.piece.title : r.title,
  composer: r.piece ? r.piece.composer : r.composer,
  language: r.language,
  clip_youtube_id: r.clipYoutubeId,
  clip_start: r.clipYoutubeId === null ? null : (r.clipStart ?? 0),
});

/**
 * A listing's church repertoire: pieces per ceremony moment, from the shared catalogue or typed in, each with a
 * language and optionally a clip of the listing's own video from a start time. Read by whoever may see the listing,
 * written whole by its owner or an admin.
 */
@Injectable()
export class RepertoireService {
  constructor(
    private readonly repo: RepertoireRepository,
    private readonly posts: PostsService,
  ) {}

  search(q: string | undefined): Promise<PieceDto[]> {
    return this.repo.search(q);
  }

  async ofPost(postId: number, viewer: Viewer | null): Promise<RepertoireItem[]> {
    await this.posts.findVisible(postId, viewer, 'id');
    return this.ordered(await this.repo.ofPost(postId));
  }

  async replace(postId: number, dto: RepertoireInputDto, viewer: Viewer): Promise<RepertoireItem[]> {
    await this.posts.findOwned(postId, viewer, 'id');
    const pieceIds = [...new Set(dto.items.flatMap((i) => (i.piece_id ? [i.piece_id] : [])))];
    const known = new Set((await this.repo.findPieces(pieceIds)).map((p) => p.id));
    const videos = await this.repo.videosOf(postId);
    const rows = dto.items.map((item, i): Partial<PostPieceEntity> => {
      const at = `items.${i}`;
      if (!momentsOf(item.ceremony).some(([key]) => key === item.moment)) {
        throw invalid(`${at}.moment`, `${at}.moment must be one of ${momentsOf(item.ceremony).map(([key]) => key).join(', ')} for ${item.ceremony}`);
      }
      if (item.piece_id && !known.has(item.piece_id)) throw invalid(`${at}.piece_id`, `${at}.piece_id ${item.piece_id} is not a piece of the catalogue`);
      if (!item.piece_id && !item.title) throw invalid(`${at}.title`, `${at}.title is needed for a piece not in the catalogue (or give piece_id)`);
      const clip = item.clip_youtube_id ?? null;
      if (clip !== null && !videos.has(clip)) throw invalid(`${at}.clip_youtube_id`, `${at}.clip_youtube_id must be one of the listing’s own videos`);
      if (clip === null && item.clip_start != null) throw invalid(`${at}.clip_start`, `${at}.clip_start needs ${at}.clip_youtube_id`);
      const length = clip === null ? null : videos.get(clip);
      if (length != null && (item.clip_start ?? 0) >= length) throw invalid(`${at}.clip_start`, `${at}.clip_start must be before the end of the video (${length} seconds)`);
      return {
        postId,
        position: i,
        ceremony: item.ceremony,
        moment: item.moment,
        pieceId: item.piece_id ?? null,
        title: item.piece_id ? '' : item.title!,
        composer: item.piece_id ? '' : (item.composer ?? ''),
        language: item.language,
        clipYoutubeId: clip,
        clipStart: clip === null ? null : (item.clip_start ?? 0),
      };
    });
    await this.repo.replace(postId, rows);
    return this.ordered(await this.repo.ofPost(postId));
  }

  private ordered(rows: PostPieceEntity[]): RepertoireItem[] {
    return rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => rank(a.r.ceremony, a.r.moment) - rank(b.r.ceremony, b.r.moment) || a.i - b.i)
      .map(({ r }) => mapItem(r));
  }
}
