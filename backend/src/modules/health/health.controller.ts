import type { LivenessDto, NotReadyBody, ReadinessDto } from '@directory/domain';
import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthService } from './health.service';
import { StageOpen } from '../../common/stage-open';

/**
 * At the root, beside the API's other routes (there is no global prefix): probes are asked of each replica directly, as
 * often as every few seconds, so neither is cached, rate limited or logged.
 */
// Probes answer on stage too: balancers and monitors carry no token.
@StageOpen('open')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: 200 while the process runs. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  live(): LivenessDto {
    return this.health.live();
  }

  /** Readiness: 200 with the dead-letter count, or 503 naming the failing check (shutdown, database, migrations). */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessDto | NotReadyBody> {
    const { ready, body } = await this.health.readiness();
    if (!ready) reply.status(body.statusCode);
    return body;
  }
}
