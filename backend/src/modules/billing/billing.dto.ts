import { INPUT_LIMITS } from '@directory/domain';
import { Equals, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../common/transforms';

export class CheckoutDto {
  @IsIn(['monthly', 'yearly'], { message: 'plan must be monthly or yearly' })
  plan!: 'monthly' | 'yearly';
}

export class FreeForLifeDto {
  @MaxLength(INPUT_LIMITS.organisationMax)
  @MinLength(INPUT_LIMITS.organisationMin, { message: `organisation must be at least ${INPUT_LIMITS.organisationMin} characters` })
  @IsString({ message: 'organisation must be text' })
  @Trim()
  organisation!: string;

  @Equals(true, { message: 'students_not_charged must be true: free for life is for organisations that do not charge students' })
  students_not_charged!: boolean;
}
