import { Equals, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../common/transforms';

export class CheckoutDto {
  @IsIn(['monthly', 'yearly'], { message: 'plan must be monthly or yearly' })
  plan!: 'monthly' | 'yearly';
}

export class FreeForLifeDto {
  @MaxLength(200)
  @MinLength(2, { message: 'organisation must be at least 2 characters' })
  @IsString({ message: 'organisation must be text' })
  @Trim()
  organisation!: string;

  @Equals(true, { message: 'students_not_charged must be true: free for life is for organisations that do not charge students' })
  students_not_charged!: boolean;
}
