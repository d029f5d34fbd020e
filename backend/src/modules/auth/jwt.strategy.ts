import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import type { Viewer } from '../../common/viewer';
import { UsersRepository } from '../users/users.repository';
import { AuthRepository } from './auth.repository';

export interface AccessTokenPayload {
  sub: number;
  typ: 'access';
  /** The user's token version when issued; tokens of an older version no longer work. */
  ver: number;
  /** For the site's server-side rendering only; the API reads the role from the user row. */
  role: string;
  name: string;
  /** The login (refresh family) it was issued to: a password change ends every login but this one. */
  fam?: string;
}

/**
 * Reads `Authorization: Bearer <access token>`. The role comes from the user row, not the
 * token, so a demoted admin loses the right at once; so does the token version, so a password reset or logging out
 * everywhere ends every access token at once. (A token without a version counts as version 0.) The token's login
 * (family) must still live too, so a logout ends its access tokens: at once in the process that revoked it, within
 * FAMILY_CHECK_MS in the others (each process keeps the answer that long).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @InjectConfig() config: AppConfig,
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.secret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload): Promise<Viewer | false> {
    if (payload?.typ !== 'access' || !Number.isInteger(payload.sub)) return false;
    const user = await this.users.findById(payload.sub);
    if (!user || !user.isActive || user.disabled || (payload.ver ?? 0) !== user.tokenVersion) return false;
    if (payload.fam !== undefined && (typeof payload.fam !== 'string' || !(await this.auth.familyLiveForAccess(payload.fam)))) return false;
    return { userId: user.id, role: user.role, ...(payload.fam ? { familyId: payload.fam } : {}) };
  }
}
