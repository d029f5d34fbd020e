import { useState } from 'react';
import { PROFILE_SIZES } from '../lib/image-sizes';
import { playerSrc } from '../lib/profile';
import { Picture } from './Picture';

/**
 * A thumbnail with a play button; only on click does it become the embedded player (16:9, autoplay), so no
 * third-party script or frame loads before the visitor asks for it.
 */
export function MediaPlayer({ media, title, thumbnail, thumbnailSrcset, first }: { media: string; title: string; thumbnail: string; thumbnailSrcset?: string; first?: boolean }) {
  const [playing, setPlaying] = useState(false);
  const { kind, src } = playerSrc(media);
  return (
    <div className="media-frame">
      {playing ? (
        <iframe src={src} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
      ) : (
        <button type="button" className="media-placeholder" onClick={() => setPlaying(true)} aria-label={`Play ${kind}: ${title}`}>
          {/* The first is the profile's largest picture, in view at once: fetched first rather than lazily. */}
          <Picture
            src={thumbnail}
            srcset={thumbnailSrcset}
            sizes={PROFILE_SIZES}
            alt=""
            width={931}
            height={550}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
          />
          <span className="play-overlay play-big" aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d={kind === 'audio' ? 'M12 3v10.55A4 4 0 1 0 14 17V7h4V3h-6z' : 'M8 5v14l11-7z'} />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}
