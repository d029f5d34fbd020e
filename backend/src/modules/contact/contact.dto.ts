import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** POST /contact/ (spec section 7): every field required. */
export class ContactDto {
  @MaxLength(100) @IsNotEmpty({ message: 'firstName must not be empty' }) @IsString() @trim() firstName!: string;
  @MaxLength(100) @IsNotEmpty({ message: 'lastName must not be empty' }) @IsString() @trim() lastName!: string;
  @MaxLength(190) @IsEmail({}, { message: 'email must be an email address' }) @trim() email!: string;
  @MaxLength(5000) @IsNotEmpty({ message: 'message must not be empty' }) @IsString() @trim() message!: string;
}
