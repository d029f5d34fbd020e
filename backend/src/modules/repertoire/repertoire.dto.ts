import { CEREMONY_KEYS, CeremonyType, PIECE_LANGUAGES, PieceLanguage, REPERTOIRE_LIMITS } from '@directory/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Nullable } from '../../common/nullable';
import { EmptyAsUndefined } from '../../common/query';
import { Trim } from '../../common/transforms';

export class RepertoireItemDto {
  @IsIn(CEREMONY_KEYS, { message: `ceremony must be one of ${CEREMONY_KEYS.join(', ')}` })
  ceremony!: CeremonyType;

  /** One of the ceremony's moments (checked in the service, which knows the ceremony). */
  @MaxLength(30)
  @IsString({ message: 'moment must be a moment of the ceremony' })
  moment!: string;

  @Nullable()
  @Max(2_147_483_647, { message: 'piece_id must be a piece of the catalogue' })
  @Min(1, { message: 'piece_id must be a piece of the catalogue' })
  @IsInt({ message: 'piece_id must be a piece of the catalogue' })
  piece_id?: number | null;

  /** Required without piece_id: a piece the catalogue lacks. */
  @IsOptional()
  @Length(1, REPERTOIRE_LIMITS.titleMax, { message: `title must be 1 to ${REPERTOIRE_LIMITS.titleMax} characters long` })
  @IsString({ message: 'title must be text' })
  @Trim()
  title?: string;

  @IsOptional()
  @MaxLength(REPERTOIRE_LIMITS.composerMax, { message: `composer must be at most ${REPERTOIRE_LIMITS.composerMax} characters long` })
  @IsString({ message: 'composer must be text' })
  @Trim()
  composer?: string;

  @IsIn(PIECE_LANGUAGES, { message: `language must be one of ${PIECE_LANGUAGES.join(', ')}` })
  language!: PieceLanguage;

  @Nullable()
  @Matches(/^[A-Za-z0-9_-]{11}$/, { message: 'clip_youtube_id must be the YouTube id of one of the listing’s videos' })
  @IsString({ message: 'clip_youtube_id must be the YouTube id of one of the listing’s videos' })
  clip_youtube_id?: string | null;

  @Nullable()
  @Max(REPERTOIRE_LIMITS.clipStartMax, { message: `clip_start must be a whole number of seconds from 0 to ${REPERTOIRE_LIMITS.clipStartMax}` })
  @Min(0, { message: `clip_start must be a whole number of seconds from 0 to ${REPERTOIRE_LIMITS.clipStartMax}` })
  @IsInt({ message: `clip_start must be a whole number of seconds from 0 to ${REPERTOIRE_LIMITS.clipStartMax}` })
  clip_start?: number | null;
}

/** PUT /api/posts/{id}/repertoire/: the whole repertoire, replacing what was there, in the lister's order. */
export class RepertoireInputDto {
  @ArrayMaxSize(REPERTOIRE_LIMITS.maxPieces, { message: `items must have at most ${REPERTOIRE_LIMITS.maxPieces} pieces` })
  @ValidateNested({ each: true })
  @Type(() => RepertoireItemDto)
  @IsArray({ message: 'items must be a list of pieces' })
  items!: RepertoireItemDto[];
}

/** GET /api/pieces/?q=: the type-ahead. */
export class PieceQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @MaxLength(60, { message: 'q must be at most 60 characters long' })
  @IsString({ message: 'q must be text' })
  q?: string;
}
