import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { LowerEmail, Trim } from '../../../common/transforms';

export class EnquiryDto {
  @Max(2_147_483_647)
  @Min(1, { message: 'postId must be a positive whole number' })
  @IsInt({ message: 'postId must be a positive whole number' })
  postId!: number;

  @MaxLength(120)
  @IsNotEmpty({ message: 'name must not be empty' })
  @IsString()
  @Trim()
  name!: string;

  @MaxLength(190)
  @IsEmail({}, { message: 'email must be an email address' })
  @LowerEmail()
  email!: string;

  @IsOptional()
  @Matches(/^$|^[+()\d\s-]{6,40}$/, { message: 'phone must be a phone number' })
  @Trim()
  phone?: string;

  @IsOptional()
  @Matches(/^$|^\d{4}-\d{2}-\d{2}$/, { message: 'eventDate must be a date like 2026-06-20' })
  eventDate?: string;

  @IsOptional()
  @MaxLength(200)
  @IsString()
  @Trim()
  venue?: string;

  @MaxLength(5000)
  @IsNotEmpty({ message: 'message must not be empty' })
  @IsString()
  @Trim()
  message!: string;

  /** Honeypot: hidden from people, filled in by bots. */
  @IsOptional()
  @MaxLength(500)
  @IsString()
  website?: string;

  /** The signed time the form was handed out (GET /api/enquiries/form-token/): people take longer than bots to fill it in. */
  @MaxLength(100)
  @IsNotEmpty({ message: 'formToken must not be empty' })
  @IsString({ message: 'formToken must be the token given with the form' })
  formToken!: string;
}
