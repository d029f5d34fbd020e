import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module';
import { JwtStrategy } from './jwt.strategy';
import { ViewerGuard } from './viewer.guard';

@Module({
  imports: [PassportModule, UsersModule],
  providers: [JwtStrategy, { provide: APP_GUARD, useClass: ViewerGuard }],
})
export class AuthModule {}
