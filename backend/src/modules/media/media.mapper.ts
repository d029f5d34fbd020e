import type { AudioEntity } from './audio.entity';
import type { VideoEntity } from './video.entity';

export interface AudioDto {
  id: number;
  postId: number;
  title: string;
  url: string;
}

export interface VideoDto {
  id: number;
  postId: number;
  title: string;
  youtube_id: string;
}

export const mapAudio = (a: AudioEntity): AudioDto => ({ id: a.id, postId: a.postId, title: a.title, url: a.url });
export const mapVideo = (v: VideoEntity): VideoDto => ({ id: v.id, postId: v.postId, title: v.title, youtube_id: v.youtubeId });
