import { isSoundCloudUrl, youtubeId } from '@directory/domain';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { Trim } from '../../../common/transforms';

class MediaInputDto {
  @Max(2_147_483_647, { message: 'postId must be a positive whole number' })
  @Min(1, { message: 'postId must be a positive whole number' })
  @IsInt({ message: 'postId must be a positive whole number' })
  postId!: number;

  @IsOptional()
  @MaxLength(200)
  @IsString({ message: 'title must be text' })
  @Trim()
  title?: string;
}

/** POST /api/videos/: any YouTube link form or a bare video id. */
export class VideoInputDto extends MediaInputDto {
  @ValidateBy({ name: 'isYouTube', validator: { validate: (v) => typeof v === 'string' && youtubeId(v) !== null, defaultMessage: () => 'url must be a YouTube link or an 11-character video id' } })
  @MaxLength(300, { message: 'url must be a YouTube link or an 11-character video id' })
  @IsString({ message: 'url must be a YouTube link or an 11-character video id' })
  url!: string;
}

/** POST /api/audios/: an https SoundCloud link. */
export class AudioInputDto extends MediaInputDto {
  @ValidateBy({ name: 'isSoundCloud', validator: { validate: (v) => typeof v === 'string' && isSoundCloudUrl(v), defaultMessage: () => 'url must be an https://soundcloud.com/ link' } })
  @MaxLength(500, { message: 'url must be at most 500 characters long' })
  @IsString({ message: 'url must be an https://soundcloud.com/ link' })
  url!: string;
}
