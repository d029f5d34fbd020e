import { INPUT_LIMITS, ROLES, Role } from '@directory/domain';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LowerEmail, Trim } from '../../../common/transforms';

/** What an admin may change on an account; only the fields sent change. */
export class UpdateUserDto {
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'first_name must not be empty' }) @MaxLength(INPUT_LIMITS.nameMax) first_name?: string;
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'last_name must not be empty' }) @MaxLength(INPUT_LIMITS.nameMax) last_name?: string;
  @IsOptional() @LowerEmail() @IsEmail({}, { message: 'email must be an email address' }) @MaxLength(INPUT_LIMITS.emailMax) email?: string;
  @IsOptional() @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` }) role?: Role;
  @IsOptional() @IsBoolean() password_change_needed?: boolean;
  @IsOptional() @IsBoolean() free_for_life?: boolean;
  @IsOptional() @IsBoolean() disabled?: boolean;
}
