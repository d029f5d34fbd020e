import { useState } from 'react';
import type { RepertoireView } from '../lib/repertoire-view';

/**
 * A church listing's repertoire by ceremony and moment. A piece with a clip has a button that puts the lister's
 * video in its place, playing from the piece's start (nothing of YouTube loads before the press).
 */
export function RepertoireBlock({ view }: { view: RepertoireView }) {
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <section className="repertoire" aria-labelledby="repertoire-heading" data-testid="repertoire">
      <h2 id="repertoire-heading">{view.heading}</h2>
      {view.ceremonies.map((c) => (
        <section key={c.key} aria-label={c.name}>
          <h3>{c.name}</h3>
          <dl>
            {c.moments.map((m) => (
              <div key={m.key}>
                <dt>{m.name}</dt>
                {m.pieces.map((p, i) => {
                  const id = `${c.key}-${m.key}-${i}`;
                  return (
                    <dd key={id}>
                      <span className="piece-title">{p.title}</span> <span className="muted">{p.composer}</span> <span className="tag">{p.language}</span>
                      {p.clip &&
                        (playing === id ? (
                          <span className="media-frame clip">
                            <iframe
                              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(p.clip.youtubeId)}?autoplay=1&rel=0&start=${p.clip.start}`}
                              title={p.clip.label}
                              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                              allowFullScreen
                            />
                          </span>
                        ) : (
                          <button type="button" className="link-button clip-button" onClick={() => setPlaying(id)}>
                            {p.clip.label}
                          </button>
                        ))}
                    </dd>
                  );
                })}
              </div>
            ))}
          </dl>
        </section>
      ))}
    </section>
  );
}
