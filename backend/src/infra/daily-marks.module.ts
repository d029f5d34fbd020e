import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DailyMarkEntity } from './daily-mark.entity';
import { DailyMarks } from './daily-marks';

@Module({
  imports: [TypeOrmModule.forFeature([DailyMarkEntity])],
  providers: [DailyMarks],
  exports: [DailyMarks],
})
export class DailyMarksModule {}
