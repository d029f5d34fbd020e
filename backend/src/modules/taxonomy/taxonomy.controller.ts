import { Controller, Get, Param } from '@nestjs/common';
import { PublicAnswer } from '../../common/answer-cache';
import { TaxonomyService } from './taxonomy.service';
import { SlugParamDto } from './dto/slug-param.dto';

@Controller('api')
export class TaxonomyController {
  constructor(private readonly taxonomy: TaxonomyService) {}

  /** Every category of the site (the /categories index), sorted by name. */
  @Get('categories')
  @PublicAnswer()
  categories() {
    return this.taxonomy.categories();
  }

  @Get('categories/:slug')
  @PublicAnswer()
  category(@Param() { slug }: SlugParamDto) {
    return this.taxonomy.categoryBySlug(slug);
  }

  /** The parent groups configured for this site (empty on church). */
  @Get('parent-categories')
  @PublicAnswer()
  parents() {
    return this.taxonomy.parents();
  }

  /** All 32 counties (the /counties index), alphabetical. */
  @Get('counties')
  @PublicAnswer()
  counties() {
    return this.taxonomy.counties();
  }
}
