import type { MyPostDto } from '@directory/domain';

/** Local storage: the checklist was started by a first visit and is not done yet. */
export const CHECKLIST_KEY = 'cp_checklist';

export interface ChecklistState {
  created: boolean;
  photo: boolean;
  media: boolean;
  published: boolean;
}

/** The four steps from sign-up to a published, illustrated listing, ticked from the lister's real listings. */
export function checklistState(posts: MyPostDto[], mediaCount: number): ChecklistState {
  return {
    created: posts.length > 0,
    photo: posts.some((p) => p.has_photo),
    media: mediaCount > 0 || posts.some((p) => Boolean(p.youtube1_id || p.featured_audio_url)),
    published: posts.some((p) => p.status === 'publish'),
  };
}

export const checklistDone = (s: ChecklistState) => s.created && s.photo && s.media && s.published;

/** The first-visit checklist: each step links to where it is done. */
export function Checklist({ state, editHref }: { state: ChecklistState; editHref: string }) {
  const steps = [
    { done: state.created, text: 'Create your listing', href: state.created ? editHref : '/cp/listings/new' },
    { done: state.photo, text: 'Add a photo', href: `${editHref}#photo` },
    { done: state.media, text: 'Add a video or audio', href: `${editHref}#media` },
    { done: state.published, text: 'Publish', href: `${editHref}#publish` },
  ];
  return (
    <section className="cp-section" aria-labelledby="checklist-title" data-testid="checklist">
      <h2 id="checklist-title">Get your listing online</h2>
      <ol className="checklist">
        {steps.map((s) => (
          <li key={s.text} className={s.done ? 'is-done' : undefined}>
            <span className="check-mark" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            {state.created || s.text === 'Create your listing' ? (
              <a className="check-text" href={s.href}>
                {s.text}
              </a>
            ) : (
              <span className="check-text">{s.text}</span>
            )}
            <span className="visually-hidden">{s.done ? '(done)' : '(to do)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
