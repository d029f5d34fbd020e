import { AccessErrorCode, AuthErrorCode } from '@directory/domain';
import { TtlCache } from '@directory/server-kit';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { AccessException } from '../../common/domain.exception';
import { STAGE_KEY_HEADER, STAGE_OPEN_KEY } from '../../common/stage-open';
import type { Viewer } from '../../common/viewer';
import { PasswordHasher } from '../../infra/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { AuthException } from './auth.exception';

/**
 * Global, after the viewer guard, and only with STAGE=true: the stage is for the team, so every route needs an
 * admin's token or that of an account listed in STAGE_MEMBERS (403 stage_only for any other account), or, for the
 * pages the site server renders for such a user, the site server's STAGE_KEY; anonymous calls answer 401. Nobody else
 * may sign up. Off stage it lets everything through at once.
 */
@Injectable()
export class StageGuard implements CanActivate {
  private readonly allowed = new TtlCache<boolean>(ALLOWED_CACHE_MS, { maxEntries: 10_000 });
  private readonly members: Set<string>;
  private readonly keyHash: Buffer;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly reflector: Reflector,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {
    this.members = new Set(config.stageAccess.members);
    this.keyHash = sha256(config.stageAccess.key);
  }

  /** Synchronous off stage: production's requests stay off the promise path. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return this.config.stage ? this.onStage(context) : true;
  }

  private async onStage(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined>; body?: unknown; user?: Viewer | false }>();
    const open = this.reflector.getAllAndOverride<'open' | 'invited' | 'login' | undefined>(STAGE_OPEN_KEY, [context.getHandler(), context.getClass()]);
    if (open === 'open') return true;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (open === 'invited') {
      if (this.members.has(email)) return true;
      throw new AccessException(AccessErrorCode.StageOnly, { field: 'email' });
    }
    if (open === 'login') {
      const user = email ? await this.users.findByEmail(email) : null;
      if (user && (user.role === 'admin' || this.members.has(user.email.toLowerCase()))) return true;
      // As long as a wrong password takes, and answered alike: who may use the stage is not told.
      await this.hasher.verify(null, typeof body.password === 'string' ? body.password : '');
      throw new AuthException(AuthErrorCode.InvalidCredentials);
    }
    // A token decides when one is sent, whatever else comes with it.
    if (req.user) {
      if (await this.allows(req.user)) return true;
      throw new AccessException(AccessErrorCode.StageOnly);
    }
    if (this.fromSiteServer(req.headers[STAGE_KEY_HEADER])) return true;
    throw new AccessException(AccessErrorCode.LoginNeeded, { field: 'Authorization' });
  }

  private allows(viewer: Viewer): Promise<boolean> {
    if (viewer.role === 'admin') return Promise.resolve(true);
    return this.allowed.get(String(viewer.userId), async () => {
      const user = await this.users.findById(viewer.userId);
      return !!user && (user.role === 'admin' || this.members.has(user.email.toLowerCase()));
    });
  }

  private fromSiteServer(sent: string | string[] | undefined): boolean {
    return typeof sent === 'string' && sent !== '' && timingSafeEqual(sha256(sent), this.keyHash);
  }
}

/** How long an account's standing on stage is kept per process: a removal from STAGE_MEMBERS needs a restart anyway. */
const ALLOWED_CACHE_MS = 30_000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();
