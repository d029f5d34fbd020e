import type { PostDto } from '@directory/domain';
import { fieldErrors } from '../lib/api-client';
import { checkListing, EMPTY_LISTING, formField, fromPost, ListingForm, sameListing, toInput } from '../lib/cp-listing';

const filled: ListingForm = {
  ...EMPTY_LISTING,
  title: '  Róisín Walsh - Harpist ',
  content: 'Harp for ceremonies.\n\nAnd receptions.',
  category: '5',
  tag_slug: 'kerry',
  youtube1_id: 'https://youtu.be/dQw4w9WgXcQ',
  featured_audio_url: 'https://soundcloud.com/roisin/airs',
  area: ' Dingle ',
  latitude: '52.141',
  longitude: '-10.269',
};

describe('the listing editor', () => {
  it('names each field that would be refused, with its message', () => {
    expect(checkListing(EMPTY_LISTING)).toEqual({
      title: 'Please enter a title of 3 to 120 characters.',
      category: 'Please choose a category.',
      tag_slug: 'Please choose a county.',
    });
    expect(checkListing(filled)).toEqual({});
    expect(
      checkListing({ ...filled, title: 'x'.repeat(121), content: 'x'.repeat(10_001), youtube1_id: 'https://vimeo.com/1', featured_audio_url: 'http://soundcloud.com/a', latitude: '48', longitude: '' }),
    ).toEqual({
      title: 'Please enter a title of 3 to 120 characters.',
      content: 'Please keep the description under 10,000 characters.',
      youtube1_id: 'Please paste a YouTube link (or its 11-character video id).',
      featured_audio_url: 'Please paste a SoundCloud link starting with https://soundcloud.com/.',
      latitude: 'Please enter a latitude between 51 and 56 (Ireland).',
      longitude: 'Please enter a longitude between -11 and -5 (Ireland).',
    });
  });

  it('sends the post as the API takes it: trimmed, numbers as numbers, no pin as nulls', () => {
    expect(toInput(filled)).toEqual({
      title: 'Róisín Walsh - Harpist',
      content: 'Harp for ceremonies.\n\nAnd receptions.',
      category: 5,
      tag_slug: 'kerry',
      price: 'charge',
      youtube1_id: 'https://youtu.be/dQw4w9WgXcQ',
      featured_audio_url: 'https://soundcloud.com/roisin/airs',
      vitals: { area: 'Dingle', latitude: 52.141, longitude: -10.269 },
    });
    expect(toInput({ ...filled, latitude: '', longitude: '' }).vitals).toEqual({ area: 'Dingle', latitude: null, longitude: null });
  });

  it("reads a post back into the fields, so an unchanged listing has no unsaved changes", () => {
    const post = {
      title: 'Róisín Walsh - Harpist',
      content: 'Harp.',
      category: 5,
      tag_slug: 'kerry',
      price: 'free',
      youtube1_id: null,
      featured_audio_url: null,
      vitals: { area: 'Dingle', latitude: 52.141, longitude: -10.269, gmap_pin: '52.141,-10.269', has_location: true },
    } as unknown as PostDto;
    const form = fromPost(post);
    expect(form).toEqual({ ...EMPTY_LISTING, title: post.title, content: 'Harp.', category: '5', tag_slug: 'kerry', price: 'free', area: 'Dingle', latitude: '52.141', longitude: '-10.269' });
    expect(sameListing(form, fromPost(post))).toBe(true);
    expect(sameListing(form, { ...form, content: 'Harp!' })).toBe(false);
  });

  it("shows the API's refusals beside the editor's own fields", () => {
    const answer = { errors: [{ field: 'vitals.latitude', message: 'latitude must be in Ireland' }, { field: 'title', message: 'title is too short' }] };
    const shown = Object.entries(fieldErrors(answer)).map(([f, m]) => [formField(f), m]);
    expect(shown).toEqual([
      ['latitude', 'latitude must be in Ireland'],
      ['title', 'title is too short'],
    ]);
    expect(fieldErrors({ field: 'status', message: 'Publishing needs a subscription.' })).toEqual({ status: 'Publishing needs a subscription.' });
    expect(formField('status')).toBeNull();
  });
});
