import { Controller, Get, Param } from '@nestjs/common';
import { TaxonomyService } from './taxonomy.service';
import { SlugParamDto } from './dto/slug-param.dto';
import { PublicRead } from '../../common/replica-reads';

@Controller('api')
@PublicRead()
export class TaxonomyController {
  constructor(private readonly taxonomy: TaxonomyService) {}

  /** Every category of the site (the /categories index), sorted by name. */
  @Get('categories')
  categories() {
    return this.taxonomy.categories();
  }

  @Get('categories/:slug')
  category(@Param() { slug }: SlugParamDto) {
    return this.taxonomy.categoryBySlug(slug);
  }

  /** The parent groups configured for this site (empty on church). */
  @Get('parent-categories')
  parents() {
    return this.taxonomy.parents();
  }

  /** All 32 counties (the /counties index), alphabetical. */
  @Get('counties')
  counties() {
    return this.taxonomy.counties();
  }
}
