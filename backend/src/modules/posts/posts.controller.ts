import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PublicAnswer } from '../../common/answer-cache';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { readUpload } from '../../infra/uploads';
import { NewPostInputDto, PostInputDto, PostRefParamDto } from './dto/post-input.dto';
import { ArchiveQueryDto, CategoryCountyQueryDto, PostQueryDto, SelectionQueryDto } from './dto/post-query.dto';
import { PostEditorService } from './post-editor.service';
import { PostsService } from './posts.service';
import { WriteQuota } from '../../common/write-quota.guard';

@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly editor: PostEditorService,
  ) {}

  /** The signed-in member's posts, every status, newest first, with this month's views, enquiries and unread enquiries. */
  @Get('api/me/posts')
  @Roles('member', 'admin')
  mine(@CurrentViewer() viewer: Viewer) {
    return this.posts.mine(viewer.userId);
  }

  @Post('api/posts')
  @WriteQuota('newPost')
  @Roles('member', 'admin')
  create(@Body() dto: NewPostInputDto, @CurrentViewer() viewer: Viewer) {
    return this.editor.create(dto, viewer);
  }

  @Put('api/posts/:slug')
  @Roles('member', 'admin')
  update(@Param() { slug }: PostRefParamDto, @Body() dto: PostInputDto, @CurrentViewer() viewer: Viewer) {
    return this.editor.update(slug, dto, viewer);
  }

  @Delete('api/posts/:slug')
  @Roles('member', 'admin')
  @HttpCode(204)
  remove(@Param() { slug }: PostRefParamDto, @CurrentViewer() viewer: Viewer) {
    return this.editor.remove(slug, viewer);
  }

  /** multipart/form-data with one file in the field `photo` (JPEG, PNG or WebP, at most 10 MB). */
  @Put('api/posts/:slug/photo')
  @WriteQuota('photo')
  @Roles('member', 'admin')
  photo(@Param() { slug }: PostRefParamDto, @Req() req: FastifyRequest, @CurrentViewer() viewer: Viewer) {
    return this.editor.replacePhoto(slug, viewer, () => readUpload(req, 'photo'));
  }

  @Get('active-cats-tags')
  @PublicAnswer()
  activeSummary() {
    return this.posts.activeSummary();
  }

  @Get('api/posts')
  @PublicAnswer()
  list(@Query() query: PostQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.list(query, viewer);
  }

  @Get('api/posts/:id')
  @PublicAnswer()
  findOne(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.findOne(id, viewer);
  }

  @Get('api/profiles')
  @PublicAnswer()
  profiles(@Query() query: SelectionQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.profiles(query, viewer);
  }

  /** The archive fetch (its path is ours, docs/api.md): published posts by category, county and price. */
  @Get('api/archive')
  @PublicAnswer()
  archive(@Query() query: ArchiveQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.archive(query, viewer);
  }

  /** Categories, counties and prices present around a selection, for the refine and price dialogs. */
  @Get('api/facets')
  @PublicAnswer()
  facets(@Query() query: SelectionQueryDto) {
    return this.posts.facets(query);
  }

  /** Price options present among published posts of a category and county, for the price dialog. */
  @Get('api/prices')
  @PublicAnswer()
  prices(@Query() query: CategoryCountyQueryDto) {
    return this.posts.prices(query);
  }
}
