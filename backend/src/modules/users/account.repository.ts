import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MailOutboxEntity } from '../../infra/mail/mail-outbox.entity';
import { DataVersion } from '../data-version/data-version';
import { POST_ITEM_TABLES } from '../posts/posts.repository';
import { UserEntity } from './user.entity';

/** The tables that hold a user's grants (logins, codes, reset links), keyed by user_id. */
const USER_GRANT_TABLES = ['refresh_tokens', 'refresh_families', 'password_resets', 'signup_codes'] as const;

/**
 * What the account calls read and delete across the directory's tables: a user's whole footprint, by the tables'
 * names, since every domain module builds on the users module and not the other way round.
 */
@Injectable()
export class AccountRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly version: DataVersion,
  ) {}

  /** The user's posts' ids and image names. */
  postsOf(userId: number, em: EntityManager = this.ds.manager): Promise<{ id: number; slug_extract: string }[]> {
    return em.createQueryBuilder().select(['p.id AS id', 'p.slug_extract AS slug_extract']).from('posts', 'p').where('p.owner_id = :userId', { userId }).getRawMany();
  }

  /** Deletes the user with their posts, media, enquiries, statistics, logins, codes and mail, in one transaction. */
  async deleteUser(userId: number): Promise<{ id: number; slug_extract: string }[]> {
    return this.ds.transaction(async (em) => {
      const user = await em.getRepository(UserEntity).findOneBy({ id: userId });
      if (!user) return [];
      const posts = (await this.postsOf(userId, em)).map((p) => ({ id: Number(p.id), slug_extract: p.slug_extract }));
      const ids = posts.map((p) => p.id);
      if (ids.length) for (const table of POST_ITEM_TABLES) await em.createQueryBuilder().delete().from(table).where('post_id IN (:...ids)', { ids }).execute();
      await em.createQueryBuilder().delete().from('posts').where('owner_id = :userId', { userId }).execute();
      for (const table of USER_GRANT_TABLES) await em.createQueryBuilder().delete().from(table).where('user_id = :userId', { userId }).execute();
      // Mail to them (codes, enquiries, resets) names their address; rate-limit events may key on it too.
      await em.getRepository(MailOutboxEntity).delete({ recipient: user.email });
      await em.createQueryBuilder().delete().from('rate_events').where('subject = :email', { email: user.email }).execute();
      await em.getRepository(UserEntity).delete({ id: userId });
      // Their listings leave the directory with them.
      if (posts.length) await this.version.bump(em);
      return posts;
    });
  }

  /** Everything stored about a user's listings, for their data download. */
  async listingData(postIds: number[]): Promise<Record<'videos' | 'audios' | 'enquiries' | 'stat_days', Record<string, unknown>[]>> {
    const read = (table: string, columns: string[]) =>
      postIds.length ? this.ds.createQueryBuilder().select(columns.map((c) => `t.${c} AS ${c}`)).from(table, 't').where('t.post_id IN (:...postIds)', { postIds }).getRawMany() : Promise.resolve([]);
    const [videos, audios, enquiries, stat_days] = await Promise.all([
      read('videos', ['id', 'post_id', 'youtube_id', 'title', 'created_at']),
      read('audios', ['id', 'post_id', 'url', 'title', 'created_at']),
      read('enquiries', ['id', 'post_id', 'name', 'email', 'phone', 'event_date', 'venue', 'message', 'created_at', 'read_at']),
      read('stat_days', ['post_id', 'kind', 'day', 'total']),
    ]);
    return { videos, audios, enquiries, stat_days };
  }
}
