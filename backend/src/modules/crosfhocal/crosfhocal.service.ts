import { CrosfhocalErrorCode, CrosfhocalStatusDto, SuccessDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { RateLimiter } from '../../infra/rate-limiter';
import type { CrosfhocalDto } from './crosfhocal.dto';
import { CrosfhocalException } from './crosfhocal.exception';
import { CrosfhocalRepository } from './crosfhocal.repository';

/** A whole class may enter from one school's address, so the limit is high enough for that and low enough to stop a flood. */
const ENTRIES_PER_HOUR = 30;

@Injectable()
export class CrosfhocalService {
  constructor(
    private readonly entries: CrosfhocalRepository,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  status(): CrosfhocalStatusDto {
    const closesAt = this.config.crosfhocal.closesAt;
    return { open: Date.now() <= closesAt.getTime(), closes_at: closesAt.toISOString(), prize_euro: this.config.crosfhocal.prizeEuro };
  }

  /** One entry per email (the unique index decides, also between racing entries), accepted until the closing date. */
  async enter(dto: CrosfhocalDto, address: string): Promise<SuccessDto> {
    if (!this.status().open) {
      throw new CrosfhocalException(CrosfhocalErrorCode.Closed, { values: [this.config.crosfhocal.closesAt] });
    }
    await this.limiter.attempt([{ scope: 'crosfhocal-ip', subject: address, max: ENTRIES_PER_HOUR, windowMs: 60 * 60_000 }], () =>
      new CrosfhocalException(CrosfhocalErrorCode.TooManyEntries),
    );
    const { first_name, last_name, subscribe, ...rest } = dto;
    if (!(await this.entries.insert({ ...rest, firstName: first_name, lastName: last_name, subscribe: subscribe ?? true }))) {
      throw new CrosfhocalException(CrosfhocalErrorCode.AlreadyEntered, { field: 'email' });
    }
    return { message: 'success' };
  }
}
