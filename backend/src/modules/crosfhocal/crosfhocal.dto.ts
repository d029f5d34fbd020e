import { CROSFHOCAL_ANSWER_FIELDS, CrosfhocalAnswerField } from '@directory/domain';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LowerEmail, Trim } from '../../common/transforms';
const answer = () => (target: object, key: string) => {
  MaxLength(60)(target, key);
  IsNotEmpty({ message: `${key} must not be empty` })(target, key);
  IsString()(target, key);
  Trim()(target, key);
};

/** POST /crosfhocal/: names, email, school, the twelve answers, and the newsletter opt-in. */
// The twelve answers come from the domain's one list: typed here, validated by the loop below the class.
export interface CrosfhocalDto extends Record<CrosfhocalAnswerField, string> {}
export class CrosfhocalDto {
  @MaxLength(100) @IsNotEmpty({ message: 'first_name must not be empty' }) @IsString() @Trim() first_name!: string;
  @MaxLength(100) @IsNotEmpty({ message: 'last_name must not be empty' }) @IsString() @Trim() last_name!: string;
  @MaxLength(190) @IsEmail({}, { message: 'email must be an email address' }) @LowerEmail() email!: string;
  @MaxLength(200) @IsNotEmpty({ message: 'school must not be empty' }) @IsString() @Trim() school!: string;
  @IsOptional() @IsBoolean({ message: 'subscribe must be true or false' }) subscribe?: boolean;
}
for (const field of CROSFHOCAL_ANSWER_FIELDS) answer()(CrosfhocalDto.prototype, field);
