import { PieceDto, REPERTOIRE_LIMITS } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { DataVersion } from '../data-version/data-version';
import { PieceEntity } from './piece.entity';
import { PostPieceEntity } from './post-piece.entity';

@Injectable()
export class RepertoireRepository {
  constructor(
    @InjectRepository(PieceEntity) private readonly pieces: Repository<PieceEntity>,
    @InjectRepository(PostPieceEntity) private readonly items: Repository<PostPieceEntity>,
    private readonly version: DataVersion,
  ) {}

  /** Catalogue pieces whose title or composer contains the words typed, by title, at most searchMax; without words, all of them. */
  async search(q: string | undefined): Promise<PieceDto[]> {
    const qb = this.pieces.createQueryBuilder('c').orderBy('c.title', 'ASC').addOrderBy('c.composer', 'ASC').addOrderBy('c.id', 'ASC');
    const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
    // LIKE's wildcards typed by a visitor are searched as themselves.
    words.forEach((w, i) => qb.andWhere(`(LOWER(c.title) LIKE :w${i} ESCAPE '!' OR LOWER(c.composer) LIKE :w${i} ESCAPE '!')`, { [`w${i}`]: `%${w.replace(/[!%_]/g, '!$&')}%` }));
    const rows = await qb.getMany();
    return (words.length ? rows.slice(0, REPERTOIRE_LIMITS.searchMax) : rows).map((p) => ({ id: p.id, title: p.title, composer: p.composer }));
  }

  findPieces(ids: number[]): Promise<PieceEntity[]> {
    return ids.length ? this.pieces.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  findPiece(id: number): Promise<PieceEntity | null> {
    return this.pieces.findOneBy({ id });
  }

  /** A post's pieces in the lister's order, with their catalogue rows. */
  ofPost(postId: number): Promise<PostPieceEntity[]> {
    return this.items.find({ where: { postId }, relations: { piece: true }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** The YouTube ids a post's clips may come from (its featured video and its videos), with their lengths when known. */
  async videosOf(postId: number): Promise<Map<string, number | null>> {
    const em = this.items.manager;
    const [post] = await em.query('SELECT youtube1_id AS id FROM posts WHERE id = ?', [postId]);
    const videos: { id: string; duration: number | null }[] = await em.query('SELECT youtube_id AS id, duration_seconds AS duration FROM videos WHERE post_id = ?', [postId]);
    const out = new Map<string, number | null>();
    if (post?.id) out.set(String(post.id), null);
    for (const v of videos) out.set(String(v.id), v.duration === null ? (out.get(String(v.id)) ?? null) : Number(v.duration));
    return out;
  }

  /** Replaces a post's repertoire in one transaction, moving the data version (visitors see it on the profile). */
  async replace(postId: number, rows: Partial<PostPieceEntity>[]): Promise<void> {
    await this.items.manager.transaction(async (m) => {
      await m.delete(PostPieceEntity, { postId });
      if (rows.length) await m.insert(PostPieceEntity, rows);
      await this.version.bump(m);
    });
  }
}
