import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataVersionController } from './data-version.controller';
import { DataVersionEntity } from './data-version.entity';
import { DataVersion } from './data-version';

/** Global: every module that writes public data bumps the version. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([DataVersionEntity])],
  controllers: [DataVersionController],
  providers: [DataVersion],
  exports: [DataVersion],
})
export class DataVersionModule {}
