import { AudioDto, isSoundCloudUrl, VideoDto, youtubeId } from '@directory/domain';
import { FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../lib/api-client';
import { LISTING_MSG } from '../../lib/cp-listing';
import { Field, FormMessage } from '../Field';
import { useCpApi } from './useCpApi';

type Kind = 'video' | 'audio';

/**
 * More videos and audios beyond the featured ones: listed with delete (removed at once, put back if the API refuses),
 * and added from a pasted YouTube or SoundCloud link.
 */
export function MediaSection({ postId, title }: { postId: number; title: string }) {
  const api = useCpApi();
  const [videos, setVideos] = useState<VideoDto[]>([]);
  const [audios, setAudios] = useState<AudioDto[]>([]);
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    void api.videos(postId).then((a) => a.ok && setVideos(a.body));
    void api.audios(postId).then((a) => a.ok && setAudios(a.body));
  }, [api, postId]);

  const remove = async (kind: Kind, id: number) => {
    setMessage(undefined);
    const before = { videos, audios };
    if (kind === 'video') setVideos((v) => v.filter((x) => x.id !== id));
    else setAudios((a) => a.filter((x) => x.id !== id));
    const answer = kind === 'video' ? await api.deleteVideo(id) : await api.deleteAudio(id);
    if (!answer.ok) {
      setVideos(before.videos);
      setAudios(before.audios);
      setMessage(`The ${kind} could not be deleted. Please try again.`);
    }
  };

  return (
    <section className="cp-section" id="media" aria-labelledby="media-title">
      <h2 id="media-title">More videos and audios</h2>
      <p className="self-saving">Each one is saved as soon as you add or delete it.</p>
      <FormMessage text={message} />
      {videos.length + audios.length === 0 ? (
        <p className="muted">None yet: your featured video and audio are above.</p>
      ) : (
        <ul className="media-list" aria-label={`Videos and audios of ${title}`}>
          {videos.map((v) => (
            <li key={`v${v.id}`}>
              <span>Video: {v.title || `youtube.com/watch?v=${v.youtube_id}`}</span>
              <button type="button" className="button button-small button-secondary" onClick={() => void remove('video', v.id)}>
                Delete<span className="visually-hidden"> video {v.title || v.youtube_id}</span>
              </button>
            </li>
          ))}
          {audios.map((a) => (
            <li key={`a${a.id}`}>
              <span>Audio: {a.title || a.url}</span>
              <button type="button" className="button button-small button-secondary" onClick={() => void remove('audio', a.id)}>
                Delete<span className="visually-hidden"> audio {a.title || a.url}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddMedia kind="video" onAdd={async (url) => {
        const a = await api.addVideo(postId, url);
        if (a.ok) setVideos((v) => [...v, a.body]);
        return a.ok ? null : (fieldErrors(a.error).url ?? a.error.message ?? 'The video could not be added.');
      }} />
      <AddMedia kind="audio" onAdd={async (url) => {
        const a = await api.addAudio(postId, url);
        if (a.ok) setAudios((v) => [...v, a.body]);
        return a.ok ? null : (fieldErrors(a.error).url ?? a.error.message ?? 'The audio could not be added.');
      }} />
    </section>
  );
}

function AddMedia({ kind, onAdd }: { kind: Kind; onAdd: (url: string) => Promise<string | null> }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const valid = kind === 'video' ? youtubeId(url) !== null : isSoundCloudUrl(url);
    if (!valid) return setError(kind === 'video' ? LISTING_MSG.youtube : LISTING_MSG.soundcloud);
    setSending(true);
    const refused = await onAdd(url.trim());
    setSending(false);
    setError(refused ?? undefined);
    if (!refused) setUrl('');
  };
  const label = kind === 'video' ? 'Another YouTube link' : 'Another SoundCloud link';
  return (
    <form method="post" className="cp-form" onSubmit={submit} noValidate>
      <Field id={`add-${kind}`} label={label} type="url" inputMode="url" value={url} error={error} onChange={(e) => setUrl(e.target.value)} />
      <p>
        <button type="submit" className="button button-small" disabled={sending}>
          {kind === 'video' ? 'Add video' : 'Add audio'}
        </button>
      </p>
    </form>
  );
}
