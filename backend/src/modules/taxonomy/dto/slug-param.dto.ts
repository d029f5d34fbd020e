import { SLUG_PATTERN } from '@directory/domain';
import { Matches, MaxLength } from 'class-validator';

export const SLUG_MESSAGE = (field: string) => `${field} must be a lowercase slug of letters, digits and hyphens`;

export class SlugParamDto {
  @MaxLength(200)
  @Matches(SLUG_PATTERN, { message: SLUG_MESSAGE('slug') })
  slug!: string;
}
