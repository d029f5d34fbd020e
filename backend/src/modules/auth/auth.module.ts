import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/configuration';
import { APP_CONFIG } from '../../config/config.module';
import { WriteQuotaGuard } from '../../common/write-quota.guard';
import { RolesGuard } from '../../common/roles.guard';
import { PasswordHasher } from '../../infra/password-hasher';
import { BillingModule } from '../billing/billing.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { RefreshFamilyEntity } from './entities/refresh-family.entity';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { SignupCodeEntity } from './entities/signup-code.entity';
import { JwtStrategy } from './jwt.strategy';
import { ViewerGuard } from './viewer.guard';
import { StageGuard } from './stage.guard';

@Module({
  imports: [
    PassportModule,
    UsersModule,
    BillingModule,
    TypeOrmModule.forFeature([SignupCodeEntity, RefreshFamilyEntity, RefreshTokenEntity, PasswordResetEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwt.secret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    JwtStrategy,
    AuthRepository,
    AuthService,
    PasswordHasher,
    // Order matters: the viewer is read from the bearer token before roles are checked.
    { provide: APP_GUARD, useClass: ViewerGuard },
    // On stage, only the team's accounts and the site server go further.
    { provide: APP_GUARD, useClass: StageGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    // Then a member's writes are counted against their quotas.
    { provide: APP_GUARD, useClass: WriteQuotaGuard },
  ],
  // The account module (control panel) changes passwords and ends other sessions with these.
  exports: [AuthRepository, PasswordHasher, AuthService],
})
export class AuthModule {}
