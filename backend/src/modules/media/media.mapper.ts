import type { AudioDto, VideoDto } from '@directory/domain';
import type { AudioEntity } from './audio.entity';
import type { VideoEntity } from './video.entity';

export type { AudioDto, VideoDto };



export const mapAudio = (a: AudioEntity): AudioDto => ({ id: a.id, postId: a.postId, title: a.title, url: a.url });
export const mapVideo = (v: VideoEntity): VideoDto => ({ id: v.id, postId: v.postId, title: v.title, youtube_id: v.youtubeId });
