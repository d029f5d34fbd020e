import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateEventEntity } from './rate-event.entity';
import { RateLimiter } from './rate-limiter';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RateEventEntity])],
  providers: [RateLimiter],
  exports: [RateLimiter],
})
export class RateLimitModule {}
