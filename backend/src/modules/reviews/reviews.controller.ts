import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PublicAnswer } from '../../common/answer-cache';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { WriteQuota } from '../../common/write-quota.guard';
import { ReviewInputDto, ReviewPageQueryDto, ReviewReplyDto, ReviewReportDto, TokenDto } from './dto/review.dto';
import { ListerReviewsService } from './lister-reviews.service';
import { ReviewsService } from './reviews.service';

/** Reviews: the profile's published ones, the reviewer's form behind an emailed link, and the lister's control panel. */
@Controller('api')
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly lister: ListerReviewsService,
  ) {}

  /** A visible post's published reviews: 10 a page, page 0 first, newest first, the total in X-Total-Count. */
  @Get('posts/:id/reviews')
  @PublicAnswer()
  published(@Param() { id }: IdParamDto, @Query() { page }: ReviewPageQueryDto) {
    return this.reviews.published(id, page);
  }

  @Get('reviews/invitation')
  @Header('Cache-Control', 'no-store')
  invitationForm(@Query() { token }: TokenDto) {
    return this.reviews.invitationForm(token);
  }

  @Post('reviews')
  submit(@Body() dto: ReviewInputDto) {
    return this.reviews.submit(dto);
  }

  @Get('reviews/edit')
  @Header('Cache-Control', 'no-store')
  editForm(@Query() { token }: TokenDto) {
    return this.reviews.editForm(token);
  }

  @Put('reviews/edit')
  edit(@Body() dto: ReviewInputDto) {
    return this.reviews.edit(dto);
  }

  /** The signed-in lister's reviews, held ones with their release date: 20 a page, newest first. */
  @Get('me/reviews')
  @Roles('member', 'admin')
  @Header('Cache-Control', 'no-store')
  mine(@Query() { page }: ReviewPageQueryDto, @CurrentViewer() viewer: Viewer) {
    return this.lister.list(viewer, page);
  }

  @Put('me/reviews/:id/reply')
  @WriteQuota('reviews')
  @Roles('member', 'admin')
  reply(@Param() { id }: IdParamDto, @Body() { text }: ReviewReplyDto, @CurrentViewer() viewer: Viewer) {
    return this.lister.reply(viewer, id, text);
  }

  @Delete('me/reviews/:id/reply')
  @WriteQuota('reviews')
  @Roles('member', 'admin')
  @HttpCode(204)
  async removeReply(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer) {
    await this.lister.reply(viewer, id, null);
  }

  @Post('me/reviews/:id/more-time')
  @WriteQuota('reviews')
  @Roles('member', 'admin')
  @HttpCode(200)
  moreTime(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer) {
    return this.lister.moreTime(viewer, id);
  }

  @Post('me/reviews/:id/report')
  @WriteQuota('reviews')
  @Roles('member', 'admin')
  @HttpCode(200)
  report(@Param() { id }: IdParamDto, @Body() { reason, note }: ReviewReportDto, @CurrentViewer() viewer: Viewer) {
    return this.lister.report(viewer, id, reason, note);
  }
}
