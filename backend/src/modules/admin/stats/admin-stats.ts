import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Roles } from '../../../common/roles.guard';
import type { AdminReviewCounts } from '@directory/domain';
import { AdminReviewsService } from '../reviews/admin-reviews';

export interface MonthStats {
  /** YYYY-MM */
  month: string;
  profile_views: number;
  enquiries: number;
  sign_ups: number;
}
export interface TopListing {
  id: number;
  title: string;
  slug: string;
  total: number;
}
export interface AdminStats {
  months: MonthStats[];
  /** Reviews by state now (reported: a report waiting for a decision). */
  reviews: AdminReviewCounts;
  top_by_views: TopListing[];
  top_by_enquiries: TopListing[];
}

const TOP = 10;

/** A day as either engine answers it: a Date (mysql2) or 'YYYY-MM-DD' text (SQLite). */
const monthOf = (day: Date | string): string => (day instanceof Date ? day.toISOString() : String(day)).slice(0, 7);

/** The last 12 months (UTC), oldest first, this month included. */
export function lastMonths(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7));
}

@Injectable()
export class AdminStatsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reviews: AdminReviewsService,
  ) {}

  /**
   * Per month, zero-filled: profile views (the daily counts listers see), enquiries and confirmed sign-ups; the
   * listings most viewed and most enquired about over the same 12 months. Grouped by day in SQL (DATE() is the
   * same in both engines) and by month here, so no engine-specific date formatting is needed.
   */
  async stats(): Promise<AdminStats> {
    const months = lastMonths();
    const from = `${months[0]}-01`;
    const by = new Map(months.map((month) => [month, { month, profile_views: 0, enquiries: 0, sign_ups: 0 }]));
    const add = (rows: { day: Date | string; n: string | number }[], key: keyof Omit<MonthStats, 'month'>) => {
      for (const r of rows) {
        const m = by.get(monthOf(r.day));
        if (m) m[key] += Number(r.n);
      }
    };
    add(await this.ds.createQueryBuilder().select('s.day', 'day').addSelect('SUM(s.total)', 'n').from('stat_days', 's').where("s.kind = 'view' AND s.day >= :from", { from }).groupBy('s.day').getRawMany(), 'profile_views');
    add(await this.perDay('enquiries', from), 'enquiries');
    add(await this.perDay('users', from, 'is_active = 1'), 'sign_ups');
    const views = await this.top('stat_days', 'SUM(x.total)', "x.kind = 'view' AND x.day >= :from", from);
    const enquiries = await this.top('enquiries', 'COUNT(*)', 'x.created_at >= :from', from);
    return { months: [...by.values()], reviews: await this.reviews.counts(), top_by_views: views, top_by_enquiries: enquiries };
  }

  /** The listings with the most rows (or counted rows) of `table` since `from`, most first. */
  private async top(table: 'stat_days' | 'enquiries', total: string, where: string, from: string): Promise<TopListing[]> {
    const rows = await this.ds
      .createQueryBuilder()
      .select('p.id', 'id')
      .addSelect('p.title', 'title')
      .addSelect('p.slug', 'slug')
      .addSelect(total, 'total')
      .from(table, 'x')
      .innerJoin('posts', 'p', 'p.id = x.post_id')
      .where(where, { from })
      .groupBy('p.id')
      .addGroupBy('p.title')
      .addGroupBy('p.slug')
      .orderBy('total', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .limit(TOP)
      .getRawMany<{ id: number; title: string; slug: string; total: string | number }>();
    return rows.map((r) => ({ id: Number(r.id), title: r.title, slug: r.slug, total: Number(r.total) }));
  }

  private perDay(table: string, from: string, where = '1 = 1') {
    return this.ds
      .createQueryBuilder()
      .select('DATE(t.created_at)', 'day')
      .addSelect('COUNT(*)', 'n')
      .from(table, 't')
      .where(`t.created_at >= :from AND ${where}`, { from })
      .groupBy('DATE(t.created_at)')
      .getRawMany<{ day: Date | string; n: string | number }>();
  }
}

@Controller('api/admin/stats')
@Roles('admin')
export class AdminStatsController {
  constructor(private readonly stats: AdminStatsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get() {
    return this.stats.stats();
  }
}
