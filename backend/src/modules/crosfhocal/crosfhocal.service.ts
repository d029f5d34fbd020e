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

  status() {
    const closesAt = this.config.crosfhocal.closesAt;
    return { open: Date.now() <= closesAt.getTime(), closes_at: closesAt.toISOString(), prize_euro: this.config.crosfhocal.prizeEuro };
  }

  /** One entry per email, accepted until the closing date (checked here, not only on the page). */
  async enter(dto: CrosfhocalDto): Promise<{ message: 'success' }> {
    if (!this.status().open) {
      const day = this.config.crosfhocal.closesAt.toLocaleDateString('en-IE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
      throw codedError(HttpStatus.FORBIDDEN, 'closed', `The competition closed on ${day}.`);
    }
    if (await this.entries.existsBy({ email: dto.email })) {
      throw codedError(HttpStatus.CONFLICT, 'already_entered', 'This email has already entered the competition.', 'email');
    }
    const { first_name, last_name, subscribe, ...rest } = dto;
    try {
      await this.entries.insert({ ...rest, firstName: first_name, lastName: last_name, subscribe: subscribe ?? true });
    } catch {
      // Two entries racing with one email: the unique index lets only the first in.
      throw codedError(HttpStatus.CONFLICT, 'already_entered', 'This email has already entered the competition.', 'email');
    }
    return { message: 'success' };
  }
}
