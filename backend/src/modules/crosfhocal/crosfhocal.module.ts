import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrosfhocalEntryEntity } from './crosfhocal-entry.entity';
import { CrosfhocalController } from './crosfhocal.controller';
import { CrosfhocalRepository } from './crosfhocal.repository';
import { CrosfhocalService } from './crosfhocal.service';

@Module({
  imports: [TypeOrmModule.forFeature([CrosfhocalEntryEntity])],
  controllers: [CrosfhocalController],
  providers: [CrosfhocalRepository, CrosfhocalService],
})
export class CrosfhocalModule {}
