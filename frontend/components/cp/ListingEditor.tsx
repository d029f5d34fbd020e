import { CountyDto, ERROR_CATALOGUE, isSoundCloudUrl, NewPostInput, PostDto, PRICE_TEXT, PRICE_TYPES, PriceType, profilePath, youtubeId } from '@directory/domain';
import { FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { type ApiAnswer, fieldErrors } from '../../lib/api-client';
import type { CategoryChoice } from '../../lib/cp-listing';
import {
  AREA_MAX,
  checkListing,
  clearDraft,
  EMPTY_LISTING,
  formField,
  fromPost,
  ListingField,
  ListingForm,
  readDraft,
  sameListing,
  TITLE_MAX,
  toInput,
  writeDraft,
} from '../../lib/cp-listing';
import { countyTowns, townNamed } from '../../lib/towns';
import { MediaPlayer } from '../MediaPlayer';
import { HintedField, SelectField, TextAreaField } from './Controls';
import { MediaSection } from './MediaSection';
import { PhotoUpload, photoUrl } from './PhotoUpload';
import { PriceSection } from './PriceSection';
import { StatusBadge } from './StatusBadge';
import { useCpApi } from './useCpApi';
import { useLeaveGuard } from './useLeaveGuard';

const PinMap = lazy(() => import('./PinMap'));

/** Centre of Ireland: where a pin starts when the county has no towns to start from. */
const IRELAND_CENTRE = { latitude: 53.4129, longitude: -8.2439 };

/** Why the last save or publish failed; shown beside the button that was used. */
type Problem = { text: string; subscription?: boolean; publish?: boolean };

function ProblemText({ problem }: { problem: Problem }) {
  return (
    <p className="form-message form-error" role="alert" data-testid="save-problem">
      {problem.text} {problem.subscription && <a href="/cp/subscription">Start your subscription</a>}
    </p>
  );
}

const id = (field: ListingField) => `listing-${field}`;

/**
 * The listing editor (new and existing). Saving is optimistic: the listing shows the change at once
 * and goes back to what the API holds if it refuses, while the fields keep what was typed. Unsaved changes are kept
 * in local storage (a reload, a closed tab or a failed save loses nothing) and leaving with them asks first.
 */
export function ListingEditor({ initial, categories, counties }: { initial: PostDto | null; categories: CategoryChoice[]; counties: CountyDto[] }) {
  const { site } = usePageContext();
  const api = useCpApi();
  const key = initial?.id ?? 'new';
  const [saved, setSaved] = useState<PostDto | null>(initial);
  const savedForm = saved ? fromPost(saved) : EMPTY_LISTING;
  const [form, setForm] = useState<ListingForm>(savedForm);
  const [errors, setErrors] = useState<Partial<Record<ListingField, string>>>({});
  const [problem, setProblem] = useState<Problem>();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [restored, setRestored] = useState(false);
  const [ready, setReady] = useState(false);
  const towns = useMemo(() => countyTowns(form.tag_slug), [form.tag_slug]);
  const typed = useRef(form);
  typed.current = form;
  const dirty = !sameListing(form, savedForm);

  // Unsaved changes from an earlier visit come back first; only then is the draft written or cleared.
  useEffect(() => {
    const draft = readDraft(key);
    if (draft && !sameListing(draft, initial ? fromPost(initial) : EMPTY_LISTING)) {
      setForm(draft);
      setRestored(true);
    }
    setReady(true);
  }, [key, initial]);
  useEffect(() => {
    if (!ready || state === 'saving') return;
    if (dirty) writeDraft(key, form);
    else clearDraft(key);
  }, [ready, state, dirty, key, form]);
  useLeaveGuard(dirty && state !== 'saving');

  const set = <K extends ListingField>(field: K, value: ListingForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const refused = (answer: ApiAnswer<unknown>, publish: boolean) => {
    setState('failed');
    const found: Partial<Record<ListingField, string>> = {};
    for (const [field, message] of Object.entries(fieldErrors(answer.error))) {
      const f = formField(field);
      if (f) found[f] = message;
    }
    setErrors(found);
    if (answer.status === 402) setProblem({ text: answer.error.message ?? ERROR_CATALOGUE.billing.subscription_required, subscription: true, publish });
    else if (answer.status === 0) setProblem({ text: 'Not saved: the connection failed. Your changes are kept on this device; please try again.', publish });
    else if (Object.keys(found).length) setProblem({ text: 'Not saved: please correct the fields marked above.', publish });
    else setProblem({ text: `Not saved: ${answer.error.message ?? 'please try again.'}`, publish });
  };

  const save = async (status?: 'draft' | 'publish') => {
    const found = checkListing(form, site.site);
    setErrors(found);
    setProblem(undefined);
    const first = (Object.keys(EMPTY_LISTING) as ListingField[]).find((f) => found[f]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    const input = { ...toInput(form, site.site), ...(status ? { status } : {}) };
    const sent = form;
    setState('saving');
    if (!saved) {
      const answer = await api.createPost(input as NewPostInput);
      if (!answer.ok) return refused(answer, false);
      clearDraft('new');
      await navigate(`/cp/listings/${answer.body.id}`);
      return;
    }
    const previous = saved;
    setSaved(applied(saved, form, status, categories, counties));
    const answer = await api.updatePost(saved.slug, input);
    if (!answer.ok) {
      setSaved(previous);
      return refused(answer, Boolean(status));
    }
    setSaved(answer.body);
    setRestored(false);
    // What the API stored (a YouTube link becomes its id) replaces the fields, unless more was typed meanwhile.
    if (sameListing(typed.current, sent)) setForm(fromPost(answer.body));
    setState('saved');
  };

  const discard = () => {
    setForm(savedForm);
    setErrors({});
    setRestored(false);
    clearDraft(key);
  };

  const remove = async () => {
    if (!saved || !window.confirm('Delete this listing for good? Its photo, videos, audios, enquiries and statistics go with it.')) return;
    const answer = await api.deletePost(saved.slug);
    if (!answer.ok) return setProblem({ text: 'The listing could not be deleted. Please try again.' });
    clearDraft(key);
    await navigate('/cp/dashboard');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  const pin = form.latitude.trim() !== '' && form.longitude.trim() !== '' && Number.isFinite(Number(form.latitude)) && Number.isFinite(Number(form.longitude));
  // Naming one of the county's towns puts the pin there; dragging it then fine-tunes it.
  const chooseArea = (area: string) => {
    const town = townNamed(towns, area);
    setForm((f) => ({ ...f, area, ...(town ? { latitude: String(town.latitude), longitude: String(town.longitude) } : {}) }));
    if (errors.area) setErrors((e) => ({ ...e, area: undefined }));
  };
  const placePin = () => {
    const town = townNamed(towns, form.area) ?? towns[0];
    const at = town ?? IRELAND_CENTRE;
    setForm((f) => ({ ...f, latitude: String(at.latitude), longitude: String(at.longitude) }));
  };
  const videoId = youtubeId(form.youtube1_id);
  const thumbnail = saved ? photoUrl(saved) : '/images/media-placeholder.svg';
  const published = saved?.status === 'publish';
  const status =
    state === 'saving' ? 'Saving…' : dirty ? 'You have unsaved changes.' : state === 'saved' ? 'All changes saved.' : saved ? 'No changes.' : '';

  return (
    <div className="listing-editor">
      <h1>{saved ? `Edit: ${saved.title}` : 'New listing'}</h1>
      {saved && (
        <p className="cp-actions">
          <StatusBadge status={saved.status} />
          {published ? (
            <a href={profilePath(site.site, { slug: saved.slug, categorySlug: saved.category_slug })}>View public profile</a>
          ) : (
            <a href={`/drafts/${saved.id}`}>Preview</a>
          )}
        </p>
      )}
      {restored && (
        <p className="notice" role="status">
          Your unsaved changes from before are filled in below.{' '}
          <button type="button" className="link-button" onClick={discard}>
            Discard them
          </button>
        </p>
      )}
      <form method="post" id="listing-form" className="cp-form" onSubmit={submit} noValidate aria-label="Listing details">
        <section className="cp-section" aria-labelledby="about-title">
          <h2 id="about-title">About you</h2>
          <HintedField id={id('title')} label="Title" value={form.title} error={errors.title} maxLength={TITLE_MAX} onChange={(e) => set('title', e.target.value)} hint="Your name or your group's, as visitors will see it." />
          <TextAreaField
            id={id('content')}
            label="Description"
            value={form.content}
            error={errors.content}
            rows={10}
            onChange={(e) => set('content', e.target.value)}
            hint="Plain text: leave an empty line between paragraphs."
          />
          <div className="field-row">
            <SelectField id={id('category')} label="Category" value={form.category} error={errors.category} onChange={(e) => set('category', e.target.value)}>
              <option value="">Choose a category</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField id={id('price')} label="Price" value={form.price} error={errors.price} onChange={(e) => set('price', e.target.value as PriceType)}>
              {PRICE_TYPES.map((p) => (
                <option key={p} value={p}>
                  {PRICE_TEXT[site.site][p].title}
                </option>
              ))}
            </SelectField>
          </div>
        </section>

        <PriceSection site={site.site} value={form.price_details} error={errors.price_details} onChange={(json) => set('price_details', json)} />

        <section className="cp-section" aria-labelledby="where-title">
          <h2 id="where-title">Where you are</h2>
          <div className="field-row">
            <SelectField
              id={id('tag_slug')}
              label="County"
              value={form.tag_slug}
              error={errors.tag_slug}
              onChange={(e) => {
                const county = e.target.value;
                // The old area and pin lay in another county.
                setForm((f) => ({ ...f, tag_slug: county, area: '', latitude: '', longitude: '' }));
                setErrors((x) => ({ ...x, tag_slug: undefined }));
              }}
            >
              <option value="">Choose a county</option>
              {counties.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <HintedField
              id={id('area')}
              label="Area"
              value={form.area}
              error={errors.area}
              maxLength={AREA_MAX}
              list="listing-area-towns"
              autoComplete="off"
              onChange={(e) => chooseArea(e.target.value)}
              hint={towns.length ? 'Your town: choosing one of the list puts your pin there.' : 'Your town or area.'}
            />
            <datalist id="listing-area-towns">
              {towns.map((t) => (
                <option key={t.name} value={t.name} />
              ))}
            </datalist>
          </div>
          <div className="field-row">
            <HintedField id={id('latitude')} label="Pin latitude" inputMode="decimal" value={form.latitude} error={errors.latitude} onChange={(e) => set('latitude', e.target.value)} />
            <HintedField id={id('longitude')} label="Pin longitude" inputMode="decimal" value={form.longitude} error={errors.longitude} onChange={(e) => set('longitude', e.target.value)} />
          </div>
          {pin && ready ? (
            <>
              <p className="field-hint" id="pin-hint">
                Drag the pin to your exact place; its latitude and longitude follow.
              </p>
              <Suspense fallback={<p className="muted">Loading the map…</p>}>
                <PinMap
                  latitude={Number(form.latitude)}
                  longitude={Number(form.longitude)}
                  onMove={(lat, lng) => setForm((f) => ({ ...f, latitude: String(lat), longitude: String(lng) }))}
                />
              </Suspense>
            </>
          ) : (
            <p>
              <button type="button" className="button button-small button-secondary" onClick={placePin}>
                Put a pin on the map
              </button>
            </p>
          )}
        </section>

        <section className="cp-section" aria-labelledby="featured-title">
          <h2 id="featured-title">Featured video and audio</h2>
          <FeaturedLink
            field="youtube1_id"
            label="YouTube link"
            hint="Paste the link of a video on YouTube."
            value={form.youtube1_id}
            error={errors.youtube1_id}
            onChange={(v) => set('youtube1_id', v)}
            media={videoId}
            title={`${form.title || 'Your'} video`}
            thumbnail={thumbnail}
            testId="video-preview"
          />
          <FeaturedLink
            field="featured_audio_url"
            label="SoundCloud link"
            hint="Paste the link of a track or set on SoundCloud (https://soundcloud.com/…)."
            value={form.featured_audio_url}
            error={errors.featured_audio_url}
            onChange={(v) => set('featured_audio_url', v)}
            media={isSoundCloudUrl(form.featured_audio_url) ? form.featured_audio_url.trim() : null}
            title={`${form.title || 'Your'} audio`}
            thumbnail={thumbnail}
            testId="audio-preview"
          />
        </section>

      </form>

      {saved ? (
        <>
          <PhotoUpload post={saved} onUploaded={(p) => setSaved((s) => (s ? { ...s, images: p.images, updated_at: p.updated_at } : p))} />
          <MediaSection postId={saved.id} title={saved.title} />
          <section className="cp-section" id="publish" aria-labelledby="publish-title">
            <h2 id="publish-title">{published ? 'Published' : 'Publish'}</h2>
            <p className="self-saving">Takes effect at once, saving your changes too.</p>
            <p>{published ? 'Visitors can find your listing.' : 'Only you can see your listing until you publish it.'}</p>
            <p className="cp-actions">
              <a className="button button-secondary" href={`/drafts/${saved.id}`}>
                Preview
              </a>
              <button type="button" className="button" disabled={state === 'saving'} onClick={() => void save(published ? 'draft' : 'publish')}>
                {published ? 'Unpublish' : 'Publish'}
              </button>
            </p>
            {problem?.publish && <ProblemText problem={problem} />}
            <p>
              <button type="button" className="button button-small button-danger" onClick={() => void remove()}>
                Delete this listing
              </button>
            </p>
          </section>
        </>
      ) : (
        <p className="muted">Once your listing is created you can add a photo, more videos and audios, and publish it.</p>
      )}
      {/* The one save of the fields above, last in the editor and stuck to the bottom of the window all the way down,
          so it is always in reach and plainly apart from the sections that save by themselves. */}
      <div className={`save-bar${dirty ? ' is-dirty' : ''}`} data-testid="save-bar">
        <div className="cp-actions">
          <button type="submit" form="listing-form" className="button" disabled={state === 'saving'}>
            {saved ? 'Save changes' : 'Create listing'}
          </button>
          <span role="status" className="save-state" data-testid="save-state">
            {status}
          </span>
        </div>
        {problem && !problem.publish && <ProblemText problem={problem} />}
      </div>
    </div>
  );
}

/** A featured video or audio link, with the profile's click-to-load player once the link is one it can play. */
function FeaturedLink(props: {
  field: 'youtube1_id' | 'featured_audio_url';
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  media: string | null;
  title: string;
  thumbnail: string;
  testId: string;
}) {
  return (
    <>
      <HintedField id={id(props.field)} label={props.label} type="url" inputMode="url" value={props.value} error={props.error} onChange={(e) => props.onChange(e.target.value)} hint={props.hint} />
      {props.media && (
        <div className="media-preview" data-testid={props.testId}>
          <MediaPlayer key={props.media} media={props.media} title={props.title} thumbnail={props.thumbnail} />
        </div>
      )}
    </>
  );
}

/** The listing as it will be once the API takes the fields: shown at once, rolled back if it refuses. */
function applied(post: PostDto, f: ListingForm, status: 'draft' | 'publish' | undefined, categories: CategoryChoice[], counties: CountyDto[]): PostDto {
  const input = toInput(f);
  const category = categories.find((c) => c.id === input.category);
  const county = counties.find((c) => c.slug === input.tag_slug);
  const { latitude, longitude } = input.vitals as { latitude: number | null; longitude: number | null };
  return {
    ...post,
    title: input.title,
    content: input.content ?? post.content,
    category: input.category ?? post.category,
    category_slug: category?.slug ?? post.category_slug,
    category_name: category?.name ?? post.category_name,
    tag_slug: county?.slug ?? post.tag_slug,
    tag_name: county?.name ?? post.tag_name,
    price: f.price,
    youtube1_id: youtubeId(f.youtube1_id),
    featured_audio_url: f.featured_audio_url.trim() || null,
    vitals: { area: f.area.trim(), latitude, longitude, gmap_pin: latitude !== null ? `${latitude},${longitude}` : null, has_location: latitude !== null },
    status: status ?? post.status,
  };
}
