import { REVIEW_LIMITS, REVIEW_REPORT_REASONS, REVIEW_RULES, SLUG_PATTERN, type ReviewReportReason } from '@directory/domain';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { EmptyAsUndefined, PageQueryDto, ToInt } from '../../../common/query';
import { Trim } from '../../../common/transforms';

const { ratingMin, ratingMax } = REVIEW_RULES;
const L = REVIEW_LIMITS;

/** Line ends as \n and no trailing spaces on lines, so the text reads the same from every browser. */
const PlainText = () => Transform(({ value }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').trim() : value));

/** A 1-5 rating named in its message: `ratings.value must be a whole number from 1 to 5`. */
const Rating = (field: string) => (target: object, key: string | symbol) => {
  const message = `${field} must be a whole number from ${ratingMin} to ${ratingMax}`;
  for (const decorate of [Max(ratingMax, { message }), Min(ratingMin, { message }), IsInt({ message })]) decorate(target, key);
};

/**
 * Every site's sub-ratings, each optional: the service refuses a key the review's site does not ask for, naming it,
 * since which keys belong is known only from the invitation's site.
 */
export class SubRatingsDto {
  @IsOptional() @Rating('ratings.performance') performance?: number;
  @IsOptional() @Rating('ratings.communication') communication?: number;
  @IsOptional() @Rating('ratings.punctuality') punctuality?: number;
  @IsOptional() @Rating('ratings.value') value?: number;
  @IsOptional() @Rating('ratings.engagement') engagement?: number;
  @IsOptional() @Rating('ratings.curriculum_fit') curriculum_fit?: number;
  @IsOptional() @Rating('ratings.organisation') organisation?: number;
}

/** A 256-bit token as the mails carry it (base64url): anything else is no link of ours. */
export class TokenDto {
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'token must be the whole link from the email' })
  @IsString({ message: 'token must be the whole link from the email' })
  token!: string;
}

/** The review as typed: POST /api/reviews/ (with the invitation's token) and PUT /api/reviews/edit/ (the edit token). */
export class ReviewInputDto extends TokenDto {
  @Rating('rating')
  rating!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => SubRatingsDto)
  @IsObject({ message: 'ratings must be an object of sub-ratings, each 1 to 5' })
  ratings?: SubRatingsDto;

  @Length(L.textMin, L.textMax, { message: `text must be ${L.textMin} to ${L.textMax} characters long` })
  @IsString({ message: `text must be ${L.textMin} to ${L.textMax} characters long` })
  @PlainText()
  text!: string;

  @MaxLength(L.firstNameMax, { message: `first_name must be at most ${L.firstNameMax} characters long` })
  @IsNotEmpty({ message: 'first_name must not be empty' })
  @IsString({ message: 'first_name must be text' })
  @Trim()
  first_name!: string;

  @Matches(SLUG_PATTERN, { message: 'county must be a county slug such as cork' })
  @MaxLength(60, { message: 'county must be a county slug such as cork' })
  @IsString({ message: 'county must be a county slug such as cork' })
  county!: string;

  @IsOptional()
  @IsBoolean({ message: 'booked must be true or false' })
  booked?: boolean;

  @IsOptional()
  @MaxLength(L.yearGroupMax, { message: `year_group must be at most ${L.yearGroupMax} characters long` })
  @IsString({ message: 'year_group must be text' })
  @Trim()
  year_group?: string;

  @IsOptional()
  @Max(L.classSizeMax, { message: `class_size must be a whole number from ${L.classSizeMin} to ${L.classSizeMax}` })
  @Min(L.classSizeMin, { message: `class_size must be a whole number from ${L.classSizeMin} to ${L.classSizeMax}` })
  @IsInt({ message: `class_size must be a whole number from ${L.classSizeMin} to ${L.classSizeMax}` })
  class_size?: number;
}

/** GET /api/posts/{id}/reviews/?page= and GET /api/me/reviews/?page=: page 0 first. */
export class ReviewPageQueryDto extends PageQueryDto {}

/** PUT /api/me/reviews/{id}/reply/ */
export class ReviewReplyDto {
  @Length(L.replyMin, L.replyMax, { message: `text must be ${L.replyMin} to ${L.replyMax} characters long` })
  @IsString({ message: `text must be ${L.replyMin} to ${L.replyMax} characters long` })
  @PlainText()
  text!: string;
}

const REASONS = `reason must be one of ${REVIEW_REPORT_REASONS.join(', ')}`;

/** POST /api/me/reviews/{id}/report/ */
export class ReviewReportDto {
  @IsIn(REVIEW_REPORT_REASONS, { message: REASONS })
  reason!: ReviewReportReason;

  @IsOptional()
  @MaxLength(L.reportNoteMax, { message: `note must be at most ${L.reportNoteMax} characters long` })
  @IsString({ message: 'note must be text' })
  @PlainText()
  note?: string;
}

/** PUT /api/admin/reviews/{id}: remove with a reason, or keep / restore. */
export class AdminReviewUpdateDto {
  @IsIn(['removed', 'published'], { message: 'status must be removed or published' })
  status!: 'removed' | 'published';

  @IsOptional()
  @IsIn(REVIEW_REPORT_REASONS, { message: REASONS.replace('reason', 'removal_reason') })
  removal_reason?: ReviewReportReason;
}
