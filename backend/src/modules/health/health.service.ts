import { LivenessDto, NotReadyBody, ReadinessCheck, ReadinessDto, ServiceErrorCode } from '@directory/domain';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { errorBody } from '../../common/error-answers';
import { DatabaseProbe } from '../../infra/database-probe';
import { MailService } from '../../infra/mail/mail.service';

/**
 * A readiness probe must answer before the balancer's own timeout: a database that hangs (a dead network path, a full
 * connection queue) counts as unreachable after this long rather than holding the probe.
 */
export const READY_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true; body: ReadinessDto } | { ready: false; body: NotReadyBody };

/**
 * Liveness and readiness for load balancers and orchestrators (nginx, docker compose healthchecks). Readiness checks, in
 * order, that the process is not stopping, that the database answers and that this build's migrations are all applied.
 */
@Injectable()
export class HealthService implements BeforeApplicationShutdown {
  private shuttingDown = false;

  constructor(
    private readonly database: DatabaseProbe,
    private readonly mail: MailService,
  ) {}

  live(): LivenessDto {
    return { status: 'ok' };
  }

  async readiness(): Promise<Readiness> {
    if (this.shuttingDown) return notReady('shutdown', ServiceErrorCode.ShuttingDown);
    let pending: string[];
    let deadLetters: number;
    try {
      [pending, deadLetters] = await withTimeout(
        (async () => {
          await this.database.ping();
          return Promise.all([this.database.pendingMigrations(), this.mail.deadLetters()]);
        })(),
      );
    } catch {
      return notReady('database', ServiceErrorCode.DatabaseUnreachable);
    }
    if (pending.length) return notReady('migrations', ServiceErrorCode.MigrationsPending, [pending]);
    return { ready: true, body: { status: 'ok', database: 'up', migrations: 'applied', mail_dead_letters: deadLetters } };
  }

  /**
   * From here on readiness answers 503 shutting_down, so balancers stop sending new requests while those in flight end.
   * Nest calls it on app.close() (a SIGTERM with shutdown hooks enabled) before the HTTP server stops; a shutdown
   * sequence that waits for the balancers to notice may call it earlier itself.
   */
  beginShutdown(): void {
    this.shuttingDown = true;
  }

  beforeApplicationShutdown(): void {
    this.beginShutdown();
  }
}

function notReady(check: ReadinessCheck, code: ServiceErrorCode, values?: unknown[]): Readiness {
  return { ready: false, body: { ...errorBody('service', code, values ? { values } : {}), check } };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  // A late failure of the abandoned work must not become an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
