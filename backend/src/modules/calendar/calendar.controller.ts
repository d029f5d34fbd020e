import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { PublicAnswer } from '../../common/answer-cache';
import { IdParamDto } from '../../common/id-param.dto';
import { ToInt } from '../../common/query';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { CalendarMonthQueryDto, DayMarksDto, FeedInputDto, PublicCalendarQueryDto } from './calendar.dto';
import { CalendarService } from './calendar.service';

export class PostIdParamDto {
  @Max(2_147_483_647, { message: 'postId is too large' })
  @Min(1, { message: 'postId must be a positive whole number' })
  @IsInt({ message: 'postId must be a positive whole number' })
  @ToInt()
  postId!: number;
}

export class FeedParamDto extends PostIdParamDto {
  @Max(2_147_483_647, { message: 'feedId is too large' })
  @Min(1, { message: 'feedId must be a positive whole number' })
  @IsInt({ message: 'feedId must be a positive whole number' })
  @ToInt()
  feedId!: number;
}

export class ExportParamDto {
  @Matches(/^[A-Za-z0-9_-]{1,64}\.ics$/, { message: 'file must be the export address’s name, ending .ics' })
  file!: string;
}

@Controller('api')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** The lister's month of a listing's calendar, with its feeds and export address. */
  @Get('calendar/:postId')
  @Roles('member', 'admin')
  @Header('Cache-Control', 'no-store')
  own(@Param() { postId }: PostIdParamDto, @Query() { month }: CalendarMonthQueryDto, @CurrentViewer() viewer: Viewer) {
    return this.calendar.own(postId, viewer, month);
  }

  /** Marks half days or whole days booked or free, or clears them. */
  @Put('calendar/:postId/days')
  @Roles('member', 'admin')
  mark(@Param() { postId }: PostIdParamDto, @Body() dto: DayMarksDto, @CurrentViewer() viewer: Viewer) {
    return this.calendar.mark(postId, viewer, dto);
  }

  /** Adds an iCalendar feed, read at once: the answer says whether it worked. */
  @Post('calendar/:postId/feeds')
  @Roles('member', 'admin')
  addFeed(@Param() { postId }: PostIdParamDto, @Body() { url }: FeedInputDto, @CurrentViewer() viewer: Viewer) {
    return this.calendar.addFeed(postId, viewer, url);
  }

  @Delete('calendar/:postId/feeds/:feedId')
  @Roles('member', 'admin')
  @HttpCode(204)
  deleteFeed(@Param() { postId, feedId }: FeedParamDto, @CurrentViewer() viewer: Viewer) {
    return this.calendar.deleteFeed(postId, feedId, viewer);
  }

  /** A new secret export address (the previous one stops working). */
  @Post('calendar/:postId/export')
  @Roles('member', 'admin')
  rotateExport(@Param() { postId }: PostIdParamDto, @CurrentViewer() viewer: Viewer) {
    return this.calendar.rotateExport(postId, viewer);
  }

  /** The booked half days as iCalendar, at the secret address; never kept by shared caches. */
  @Get('calendar-export/:file')
  @Header('Cache-Control', 'private, no-store')
  async exportFeed(@Param() { file }: ExportParamDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const ics = await this.calendar.exportFeed(file.replace(/\.ics$/, ''));
    // Set once the calendar is found: a refusal is JSON like every error answer.
    reply.header('Content-Type', 'text/calendar; charset=utf-8');
    return ics;
  }

  /** A profile's availability, free, booked or unknown per half day, with the date of the last update. */
  @Get('posts/:id/calendar')
  @PublicAnswer()
  public(@Param() { id }: IdParamDto, @Query() { from, months }: PublicCalendarQueryDto) {
    return this.calendar.public(id, from, Number(months ?? 3));
  }
}
