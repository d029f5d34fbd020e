import { INPUT_LIMITS, NEW_PASSWORD_PATTERN } from '@directory/domain';
import { Transform } from 'class-transformer';
import { Equals, IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LowerEmail, Trim } from '../../../common/transforms';
/** A new password: 8 to 200 characters with a letter and a number (the site's forms check the same pattern). */
export const PASSWORD_RULE = NEW_PASSWORD_PATTERN;
const PASSWORD_MESSAGE = 'password must have 8 characters with a letter and a number';

export class EmailDto {
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(INPUT_LIMITS.emailMax)
  @LowerEmail()
  email!: string;
}

export class SignUpDto extends EmailDto {
  @Matches(PASSWORD_RULE, { message: PASSWORD_MESSAGE })
  @IsString()
  password!: string;

  @MaxLength(INPUT_LIMITS.nameMax)
  @IsNotEmpty({ message: 'first_name must not be empty' })
  @IsString()
  @Trim()
  first_name!: string;

  @MaxLength(INPUT_LIMITS.nameMax)
  @IsNotEmpty({ message: 'last_name must not be empty' })
  @IsString()
  @Trim()
  last_name!: string;

  /** Equal to the email on sign-up; accepted and ignored otherwise. */
  @IsOptional()
  @IsString()
  @MaxLength(INPUT_LIMITS.emailMax)
  username?: string;

  @IsOptional()
  @IsBoolean({ message: 'marketing must be true or false' })
  marketing?: boolean;

  @Equals(true, { message: 'terms must be accepted' })
  terms!: boolean;
}

/**
 * The code check carries the same user data as the sign-up plus the code. The password is required
 * here: it is what the confirmation activates, so only the holder of the mailed code chooses it.
 */
export class SignUpCodeDto extends EmailDto {
  @Matches(/^[1-9]{4}$/, { message: 'signUpCode must be 4 digits from 1 to 9' })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  signUpCode!: string;

  @Matches(PASSWORD_RULE, { message: PASSWORD_MESSAGE })
  @IsString({ message: PASSWORD_MESSAGE })
  password!: string;

  /** When given, they replace the names of the first sign-up (a reloaded code step may not know them). */
  @IsOptional() @MaxLength(INPUT_LIMITS.nameMax) @IsNotEmpty({ message: 'first_name must not be empty' }) @IsString() @Trim() first_name?: string;
  @IsOptional() @MaxLength(INPUT_LIMITS.nameMax) @IsNotEmpty({ message: 'last_name must not be empty' }) @IsString() @Trim() last_name?: string;
  @IsOptional() @IsString() @MaxLength(INPUT_LIMITS.emailMax) username?: string;
  @IsOptional() @IsBoolean({ message: 'marketing must be true or false' }) marketing?: boolean;
  @IsOptional() @IsBoolean() terms?: boolean;
}

export class LoginDto extends EmailDto {
  @MaxLength(INPUT_LIMITS.passwordMax)
  @IsNotEmpty({ message: 'password must not be empty' })
  @IsString()
  password!: string;

  @IsOptional() @IsString() @MaxLength(INPUT_LIMITS.emailMax) username?: string;
}

export class RefreshDto {
  @MaxLength(100)
  @MinLength(20)
  @IsString()
  refresh!: string;
}

export class LogoutDto extends RefreshDto {
  /** Ends every session of the user, their access tokens and open reset links, not just this one. */
  @IsOptional()
  @IsBoolean({ message: 'everywhere must be true or false' })
  everywhere?: boolean;
}

export class ResetCheckDto extends EmailDto {
  @MaxLength(100)
  @MinLength(20, { message: 'token is not valid' })
  @IsString()
  token!: string;
}

export class ResetPasswordDto extends ResetCheckDto {
  @Matches(PASSWORD_RULE, { message: PASSWORD_MESSAGE })
  @IsString()
  password!: string;

  @IsOptional() @IsString() @MaxLength(INPUT_LIMITS.emailMax) username?: string;
}
