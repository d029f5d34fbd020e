import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const answer = () => (target: object, key: string) => {
  MaxLength(60)(target, key);
  IsNotEmpty({ message: `${key} must not be empty` })(target, key);
  IsString()(target, key);
  trim()(target, key);
};

/** POST /crosfhocal/ (spec section 3): names, email, school, the twelve answers, and the newsletter opt-in. */
export class CrosfhocalDto {
  @MaxLength(100) @IsNotEmpty({ message: 'first_name must not be empty' }) @IsString() @trim() first_name!: string;
  @MaxLength(100) @IsNotEmpty({ message: 'last_name must not be empty' }) @IsString() @trim() last_name!: string;
  @MaxLength(190) @IsEmail({}, { message: 'email must be an email address' }) @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)) email!: string;
  @MaxLength(200) @IsNotEmpty({ message: 'school must not be empty' }) @IsString() @trim() school!: string;
  @answer() across2!: string;
  @answer() down1!: string;
  @answer() across4!: string;
  @answer() down3!: string;
  @answer() across8!: string;
  @answer() down5!: string;
  @answer() across9!: string;
  @answer() down6!: string;
  @answer() across11!: string;
  @answer() down7!: string;
  @answer() across12!: string;
  @answer() down10!: string;
  @IsOptional() @IsBoolean({ message: 'subscribe must be true or false' }) subscribe?: boolean;
}
