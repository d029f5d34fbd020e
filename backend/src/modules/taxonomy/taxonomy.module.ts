import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity } from './category.entity';
import { CountyEntity } from './county.entity';
import { TaxonomyController } from './taxonomy.controller';
import { TaxonomyRepository } from './taxonomy.repository';
import { TaxonomyService } from './taxonomy.service';

@Module({
  imports: [TypeOrmModule.forFeature([CategoryEntity, CountyEntity])],
  controllers: [TaxonomyController],
  providers: [TaxonomyRepository, TaxonomyService],
  exports: [TaxonomyService],
})
export class TaxonomyModule {}
