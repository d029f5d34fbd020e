import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CategoryEntity } from './category.entity';
import { CountyEntity } from './county.entity';

@Injectable()
export class TaxonomyRepository {
  constructor(
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    @InjectRepository(CountyEntity) private readonly counties: Repository<CountyEntity>,
  ) {}

  allCategories(): Promise<CategoryEntity[]> {
    return this.categories.find({ order: { name: 'ASC' } });
  }

  allCounties(): Promise<CountyEntity[]> {
    return this.counties.find({ order: { name: 'ASC' } });
  }
}
