import { Controller, Get, Param, Query } from '@nestjs/common';
import { IdParamDto } from '../../common/id-param.dto';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { ArchiveQueryDto, CategoryCountyQueryDto, PostQueryDto, SelectionQueryDto } from './dto/post-query.dto';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get('active-cats-tags')
  activeSummary() {
    return this.posts.activeSummary();
  }

  @Get('api/posts')
  list(@Query() query: PostQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.list(query, viewer);
  }

  @Get('api/posts/:id')
  findOne(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.findOne(id, viewer);
  }

  @Get('api/profiles')
  profiles(@Query() query: SelectionQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.profiles(query, viewer);
  }

  /** The archive fetch of spec section 7 (its path is not shown there): published posts by category, county and price. */
  @Get('api/archive')
  archive(@Query() query: ArchiveQueryDto, @CurrentViewer() viewer: Viewer | null) {
    return this.posts.archive(query, viewer);
  }

  /** Categories, counties and prices present around a selection, for the refine and price dialogs. */
  @Get('api/facets')
  facets(@Query() query: SelectionQueryDto) {
    return this.posts.facets(query);
  }

  /** Price options present among published posts of a category and county, for the price dialog. */
  @Get('api/prices')
  prices(@Query() query: CategoryCountyQueryDto) {
    return this.posts.prices(query);
  }
}
