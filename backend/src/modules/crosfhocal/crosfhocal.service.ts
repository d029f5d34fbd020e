import { competitionClosed, CROSFHOCAL_ERRORS, CrosfhocalStatusDto, SuccessDto } from '@directory/domain';
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { codedError } from '../../common/errors';
import { CrosfhocalEntryEntity } from './crosfhocal-entry.entity';
import type { CrosfhocalDto } from './crosfhocal.dto';

@Injectable()
export class CrosfhocalService {
  constructor(
    @InjectRepository(CrosfhocalEntryEntity) private readonly entries: Repository<CrosfhocalEntryEntity>,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  status(): CrosfhocalStatusDto {
    const closesAt = this.config.crosfhocal.closesAt;
    return { open: Date.now() <= closesAt.getTime(), closes_at: closesAt.toISOString(), prize_euro: this.config.crosfhocal.prizeEuro };
  }

  /** One entry per email, accepted until the closing date (checked here, not only on the page). */
  async enter(dto: CrosfhocalDto): Promise<SuccessDto> {
    if (!this.status().open) {
      throw codedError(HttpStatus.FORBIDDEN, 'closed', competitionClosed(this.config.crosfhocal.closesAt));
    }
    if (await this.entries.existsBy({ email: dto.email })) {
      throw codedError(HttpStatus.CONFLICT, 'already_entered', CROSFHOCAL_ERRORS.already_entered, 'email');
    }
    const { first_name, last_name, subscribe, ...rest } = dto;
    try {
      await this.entries.insert({ ...rest, firstName: first_name, lastName: last_name, subscribe: subscribe ?? true });
    } catch {
      // Two entries racing with one email: the unique index lets only the first in.
      throw codedError(HttpStatus.CONFLICT, 'already_entered', CROSFHOCAL_ERRORS.already_entered, 'email');
    }
    return { message: 'success' };
  }
}
