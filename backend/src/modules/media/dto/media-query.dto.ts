import { PostIdQueryDto } from '../../../common/query';

/** GET /api/audios/ and /api/videos/: `?postId=` narrows to one listing. */
export class MediaQueryDto extends PostIdQueryDto {}
