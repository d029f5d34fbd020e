import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataVersion } from '../data-version/data-version';
import { ReviewsRepository } from './reviews.repository';

/**
 * What every change visitors see makes, in the change's own transaction: the post's review figures counted afresh and
 * the data version moved, so cached answers and pages show the change at once.
 */
@Injectable()
export class ReviewFigures {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly version: DataVersion,
  ) {}

  async changed(m: EntityManager, postId: number): Promise<void> {
    await this.repo.recount(m, postId);
    await this.version.bump(m);
  }
}
