import type { PostDto } from '@directory/domain';
import { ChangeEvent, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { uploadPhoto } from '../../lib/upload-photo';
import { LISTING_MSG, PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../lib/cp-listing';
import { FormMessage } from '../Field';

/**
 * The listing's photo as the profile shows it (931x550), refreshed past the browser's cache when it changes: the API's
 * URL carries its own `?v=` (new with every picture); an older API's did not, and updated_at versions it then.
 */
export const photoUrl = (post: PostDto) => (post.images.map.includes('?v=') ? post.images.map : `${post.images.map}?v=${Date.parse(post.updated_at) || 0}`);

/**
 * Photo upload: the chosen file is previewed at once (read as a data: URL, which the site's image policy allows),
 * sent with its progress shown, and replaces the photo only once the API has made its sizes. A refused file leaves
 * the old photo in place and says why.
 */
export function PhotoUpload({ post, onUploaded }: { post: PostDto; onUploaded: (post: PostDto) => void }) {
  const { site } = usePageContext();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [missing, setMissing] = useState(false);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setError(undefined);
    setDone(undefined);
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return setError(LISTING_MSG.photoType);
    if (file.size > PHOTO_MAX_BYTES) return setError(LISTING_MSG.photoSize);
    const reader = new FileReader();
    reader.onload = () => setPreview(String(reader.result));
    reader.readAsDataURL(file);
    setProgress(0);
    void uploadPhoto(site.apiOrigin, post.slug, file, setProgress).then((answer) => {
      setProgress(null);
      setPreview(null);
      if (answer.ok) {
        setMissing(false);
        setDone('Your photo is uploaded.');
        onUploaded(answer.body);
      } else setError(answer.status === 0 ? 'The photo could not be sent. Please check your connection and try again.' : (answer.error.message ?? 'The photo could not be uploaded.'));
    });
  };

  return (
    <section className="cp-section" id="photo" aria-labelledby="photo-title">
      <h2 id="photo-title">Photo</h2>
      <p className="self-saving">Saved as soon as you choose it.</p>
      {preview ? (
        <img className="photo-preview" src={preview} alt="The photo being uploaded" data-testid="photo-preview" />
      ) : missing ? (
        <p className="muted">No photo yet: visitors see a cover with your initials until you add one.</p>
      ) : (
        <img className="photo-preview" src={photoUrl(post)} width={931} height={550} alt={`Photo of ${post.title}`} data-testid="photo" onError={() => setMissing(true)} />
      )}
      {progress !== null && (
        <p>
          <label htmlFor="photo-progress">Uploading… </label>
          <progress id="photo-progress" className="upload-progress" max={1} value={progress} data-testid="photo-progress" />
        </p>
      )}
      <div className="field">
        <label htmlFor="photo-file">{missing ? 'Add a photo' : 'Replace the photo'}</label>
        <input id="photo-file" type="file" accept={PHOTO_TYPES.join(',')} onChange={choose} disabled={progress !== null} aria-describedby="photo-hint" />
        <p className="field-hint" id="photo-hint">
          JPEG, PNG or WebP, up to 10 MB. A landscape photo works best: it is cut to 931×550 on your profile.
        </p>
      </div>
      <FormMessage text={error} />
      <FormMessage text={done} kind="success" />
    </section>
  );
}
