import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { DataVersion } from '../data-version/data-version';
import { AudioEntity } from './audio.entity';
import { VideoEntity } from './video.entity';

export interface MediaFilter {
  postId?: number;
  /** When set, only media of published posts whose slug_extract differs from this. */
  visibleExcept?: string;
}

@Injectable()
export class MediaRepository {
  constructor(
    @InjectRepository(AudioEntity) private readonly audios: Repository<AudioEntity>,
    @InjectRepository(VideoEntity) private readonly videos: Repository<VideoEntity>,
    private readonly version: DataVersion,
  ) {}

  findAudios(filter: MediaFilter): Promise<AudioEntity[]> {
    return this.find(this.audios, filter);
  }

  findVideos(filter: MediaFilter): Promise<VideoEntity[]> {
    return this.find(this.videos, filter);
  }

  addAudio(row: Pick<AudioEntity, 'postId' | 'url' | 'title'>): Promise<AudioEntity> {
    return this.publicWrite((m) => m.save(AudioEntity, m.create(AudioEntity, row)));
  }

  addVideo(row: Pick<VideoEntity, 'postId' | 'youtubeId' | 'title'>): Promise<VideoEntity> {
    return this.publicWrite((m) => m.save(VideoEntity, m.create(VideoEntity, row)));
  }

  findAudio(id: number): Promise<AudioEntity | null> {
    return this.audios.findOneBy({ id });
  }

  findVideo(id: number): Promise<VideoEntity | null> {
    return this.videos.findOneBy({ id });
  }

  async deleteAudio(id: number): Promise<void> {
    await this.publicWrite((m) => m.delete(AudioEntity, id));
  }

  async deleteVideo(id: number): Promise<void> {
    await this.publicWrite((m) => m.delete(VideoEntity, id));
  }

  /** A post's media are shown with it: each change moves the data version in its own transaction. */
  private publicWrite<T>(write: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.audios.manager.transaction(async (m) => {
      const result = await write(m);
      await this.version.bump(m);
      return result;
    });
  }

  private find<T extends AudioEntity | VideoEntity>(repo: Repository<T>, filter: MediaFilter): Promise<T[]> {
    const qb = repo.createQueryBuilder('m').orderBy('m.post_id', 'ASC').addOrderBy('m.id', 'ASC');
    if (filter.postId !== undefined) qb.andWhere('m.post_id = :postId', { postId: filter.postId });
    if (filter.visibleExcept !== undefined) {
      qb.innerJoin('m.post', 'p').andWhere("p.status = 'publish'").andWhere('p.slug_extract <> :hidden', { hidden: filter.visibleExcept });
    }
    return qb.getMany();
  }
}
