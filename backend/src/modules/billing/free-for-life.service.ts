import { BillingErrorCode, BillingStateDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { MailService } from '../../infra/mail/mail.service';
import { BillingStateReader } from './billing-state';
import { BillingClock } from './billing.clock';
import { BillingException } from './billing.exception';
import { billingMail } from './billing.messages';
import { BillingRepository } from './billing.repository';
import type { FreeForLifeDto } from './billing.dto';
import { FreeForLifeApplicationEntity } from './free-for-life-application.entity';

/** Free for life (cliste only): organisations that do not charge students apply; an admin approves or refuses. */
@Injectable()
export class FreeForLifeService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly state: BillingStateReader,
    private readonly mail: MailService,
    private readonly clock: BillingClock,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async apply(userId: number, dto: FreeForLifeDto): Promise<BillingStateDto> {
    if (this.config.site !== 'cliste') throw new BillingException(BillingErrorCode.FreeForLifeNotOffered);
    const user = await this.repo.user(userId);
    const pending = await this.repo.applications.existsBy({ userId, status: 'pending' });
    if (!user || user.freeForLife || pending) throw new BillingException(BillingErrorCode.ApplicationExists);
    await this.repo.applications.insert({ userId, organisation: dto.organisation, studentsNotCharged: dto.students_not_charged, status: 'pending' });
    return this.state.stateFor(userId);
  }

  /** Approves (setting users.free_for_life) or refuses a pending application once, and emails the applicant. */
  async decide(id: number, approve: boolean): Promise<FreeForLifeApplicationEntity> {
    const found = await this.repo.applications.findOneBy({ id });
    if (!found) throw new BillingException(BillingErrorCode.ApplicationNotFound, { values: [id] });
    const queued = await this.repo.transaction(async (m) => {
      const { affected } = await m
        .createQueryBuilder()
        .update(FreeForLifeApplicationEntity)
        .set({ status: approve ? 'approved' : 'refused', decidedAt: this.clock.now() })
        .where("id = :id AND status = 'pending'", { id })
        .execute();
      if (affected !== 1) throw new BillingException(BillingErrorCode.ApplicationDecided);
      if (approve) await this.repo.setFreeForLife(m, found.userId);
      const user = await this.repo.user(found.userId, m);
      return user ? this.mail.queueIn(m, { to: user.email, ...billingMail.freeForLifeDecided(this.config, user.firstName, approve) }) : null;
    });
    if (queued !== null) this.mail.deliverSoon([queued]);
    return (await this.repo.applications.findOneBy({ id }))!;
  }
}
