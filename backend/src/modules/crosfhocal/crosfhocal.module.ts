import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrosfhocalEntryEntity } from './crosfhocal-entry.entity';
import { CrosfhocalController } from './crosfhocal.controller';
import { CrosfhocalService } from './crosfhocal.service';

@Module({
  imports: [TypeOrmModule.forFeature([CrosfhocalEntryEntity])],
  controllers: [CrosfhocalController],
  providers: [CrosfhocalService],
})
export class CrosfhocalModule {}
