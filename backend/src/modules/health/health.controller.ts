import { Controller, Get, Header } from '@nestjs/common';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** For load balancers and monitoring: 200 while the database answers (503 otherwise), with the mail dead-letter count. */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  ready() {
    return this.health.ready();
  }
}
