import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, WhereExpressionBuilder } from 'typeorm';
import { MailOutboxEntity } from '../../infra/mail/mail-outbox.entity';
import { DataVersion } from '../data-version/data-version';
import { POST_ITEM_TABLES } from '../posts/posts.repository';
import { UserEntity } from './user.entity';

/** The tables that hold a user's grants (logins, codes, reset and undo links), keyed by user_id. */
const USER_GRANT_TABLES = ['refresh_tokens', 'refresh_families', 'password_resets', 'signup_codes', 'email_change_undos'] as const;

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

  /**
   * Accounts never confirmed whose sign-up (or latest repeated sign-up, which mails a new code) is older than `before`,
   * oldest first. Unconfirmed means never active and no password: the code step and a password reset both set them.
   * One an admin gave a listing is kept.
   */
  async unconfirmedBefore(before: Date, limit: number): Promise<number[]> {
    const rows: { id: number | string }[] = await this.unconfirmed(this.ds.createQueryBuilder().select('u.id', 'id').from(UserEntity, 'u'), before)
      .orderBy('u.id')
      .limit(limit)
      .getRawMany();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Deletes one such account with its codes, logins, reset links, mail and rate-limit events; false when it no longer
   * qualifies (confirmed, signed up again, or removed by another process meanwhile). The account row goes first, by a
   * conditional DELETE, so a racing confirmation or a second pruner finds nothing left to do.
   */
  async deleteUnconfirmed(userId: number, before: Date): Promise<boolean> {
    const user = await this.ds.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) return false;
    // Written first, read nothing before: on SQLite a transaction that read before writing fails (not waits) when another wrote meanwhile.
    return this.ds.transaction(async (em) => {
      const gone = await this.unconfirmed(em.createQueryBuilder().delete().from(UserEntity), before, 'users').andWhere('id = :userId', { userId }).execute();
      if (gone.affected !== 1) return false;
      // The foreign keys cascade; deleted by name as well so nothing depends on them.
      for (const table of USER_GRANT_TABLES) await em.createQueryBuilder().delete().from(table).where('user_id = :userId', { userId }).execute();
      await em.getRepository(MailOutboxEntity).delete({ recipient: user.email });
      await em.createQueryBuilder().delete().from('rate_events').where('subject = :email', { email: user.email }).execute();
      return true;
    });
  }

  /** The conditions of unconfirmedBefore; `alias` is the users table's name in the query (a DELETE cannot alias it on MySQL). */
  private unconfirmed<Q extends WhereExpressionBuilder>(qb: Q, before: Date, alias = 'u'): Q {
    return qb
      .where(`${alias}.is_active = 0 AND ${alias}.password_hash IS NULL AND ${alias}.created_at < :before`, { before })
      .andWhere(`NOT EXISTS (SELECT 1 FROM signup_codes c WHERE c.user_id = ${alias}.id AND c.created_at >= :before)`)
      .andWhere(`NOT EXISTS (SELECT 1 FROM posts p WHERE p.owner_id = ${alias}.id)`);
  }

  /** Everything stored about a user's listings, for their data download. */
  async listingData(postIds: number[]): Promise<Record<'videos' | 'audios' | 'enquiries' | 'stat_days' | 'reviews', Record<string, unknown>[]>> {
    const read = (table: string, columns: string[]) =>
      postIds.length ? this.ds.createQueryBuilder().select(columns.map((c) => `t.${c} AS ${c}`)).from(table, 't').where('t.post_id IN (:...postIds)', { postIds }).getRawMany() : Promise.resolve([]);
    const [videos, audios, enquiries, stat_days, reviews] = await Promise.all([
      read('videos', ['id', 'post_id', 'youtube_id', 'title', 'created_at']),
      read('audios', ['id', 'post_id', 'url', 'title', 'created_at']),
      read('enquiries', ['id', 'post_id', 'name', 'email', 'phone', 'event_date', 'venue', 'message', 'created_at', 'read_at', 'booked_at']),
      read('stat_days', ['post_id', 'kind', 'day', 'total']),
      // The reviews of the lister's listings and the lister's replies and reports (the reviewer's address is not theirs).
      read('reviews', ['id', 'post_id', 'status', 'label', 'rating', 'ratings', 'text', 'first_name', 'reply', 'reply_updated_at', 'held_until', 'published_at', 'reported_at', 'report_reason', 'report_note', 'removal_reason', 'created_at']),
    ]);
    return { videos, audios, enquiries, stat_days, reviews };
  }
}
