import { SLUG_SOURCE } from '@directory/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { IsNotEmpty, Matches, MaxLength } from 'class-validator';
import { PublicAnswer } from '../../common/answer-cache';
import { ArticlesService } from './articles.service';

class ArticleParamDto {
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(new RegExp(`^(\\d{1,9}|${SLUG_SOURCE})$`), { message: 'id must be an article id or a lowercase slug' })
  id!: string;
}

@Controller('api/articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get()
  @PublicAnswer()
  list() {
    return this.articles.list();
  }

  @Get(':id')
  @PublicAnswer()
  findOne(@Param() { id }: ArticleParamDto) {
    return this.articles.findOne(id);
  }
}
