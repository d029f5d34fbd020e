import { INPUT_LIMITS } from '@directory/domain';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { LowerEmail, Trim } from '../../common/transforms';
import { PASSWORD_RULE } from '../auth/dto/auth.dto';

/** PUT /api/users/{id}/: any subset; a new password or a new email needs the current password. */
export class AccountUpdateDto {
  @IsOptional()
  @MaxLength(INPUT_LIMITS.nameMax)
  @IsNotEmpty({ message: 'first_name must not be empty' })
  @IsString({ message: 'first_name must be text' })
  @Trim()
  first_name?: string;

  @IsOptional()
  @MaxLength(INPUT_LIMITS.nameMax)
  @IsNotEmpty({ message: 'last_name must not be empty' })
  @IsString({ message: 'last_name must be text' })
  @Trim()
  last_name?: string;

  @IsOptional()
  @MaxLength(INPUT_LIMITS.emailMax)
  @MinLength(3, { message: 'username must be at least 3 characters long' })
  @IsString({ message: 'username must be text' })
  @Trim()
  username?: string;

  @IsOptional()
  @MaxLength(INPUT_LIMITS.emailMax)
  @IsEmail({}, { message: 'email must be an email address' })
  @LowerEmail()
  email?: string;

  @IsOptional()
  @Matches(PASSWORD_RULE, { message: 'password must have 8 characters with a letter and a number' })
  @IsString({ message: 'password must have 8 characters with a letter and a number' })
  password?: string;

  @IsOptional()
  @MaxLength(200)
  @IsString({ message: 'current_password must be text' })
  current_password?: string;
}

/** POST /api/users/{id}/email/ */
export class EmailCodeDto {
  @Matches(/^[1-9]{4}$/, { message: 'code must be the 4-digit code we emailed' })
  @IsString({ message: 'code must be the 4-digit code we emailed' })
  code!: string;
}

/** POST /email-change/undo/: the token from the link mailed to the address the account left. */
export class EmailUndoDto {
  @MaxLength(100)
  @MinLength(20, { message: 'token is not valid' })
  @IsString({ message: 'token is not valid' })
  token!: string;
}

/** DELETE /api/users/{id}/ */
export class AccountDeleteDto {
  @Length(1, 200, { message: 'password must not be empty' })
  @IsString({ message: 'password must be text' })
  password!: string;
}
