import { Module } from '@nestjs/common';
import { DatabaseProbe } from '../../infra/database-probe';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  controllers: [HealthController],
  providers: [HealthService, DatabaseProbe],
  exports: [HealthService],
})
export class HealthModule {}
