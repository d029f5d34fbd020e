import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/transforms';

/** POST /contact/: every field required. */
export class ContactDto {
  @MaxLength(100) @IsNotEmpty({ message: 'firstName must not be empty' }) @IsString() @Trim() firstName!: string;
  @MaxLength(100) @IsNotEmpty({ message: 'lastName must not be empty' }) @IsString() @Trim() lastName!: string;
  @MaxLength(190) @IsEmail({}, { message: 'email must be an email address' }) @Trim() email!: string;
  @MaxLength(5000) @IsNotEmpty({ message: 'message must not be empty' }) @IsString() @Trim() message!: string;
}
