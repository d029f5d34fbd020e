import { isSoundCloudUrl, postSlugBase, youtubeId } from '@directory/domain';

/** The links listers paste into the control panel (@directory/domain, shared with the site's editor). */
describe('media links', () => {
  it.each([
    'dQw4w9WgXcQ',
    ' dQw4w9WgXcQ ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s',
    'http://youtube.com/watch?v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc&t=3',
    'youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    'https://www.youtube.com/v/dQw4w9WgXcQ',
  ])('reads the video id of %s', (link) => expect(youtubeId(link)).toBe('dQw4w9WgXcQ'));

  it.each([
    '',
    'dQw4w9WgXc',
    'dQw4w9WgXcQQ',
    'https://vimeo.com/123456',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UCdQw4w9WgXcQ',
    'javascript:alert(1)//dQw4w9WgXcQ',
  ])('finds no video id in %p', (link) => expect(youtubeId(link)).toBeNull());

  it.each([
    ['https://soundcloud.com/aoife-byrne/ave-maria', true],
    ['https://www.soundcloud.com/aoife/sets/wedding', true],
    ['https://m.soundcloud.com/aoife/track?in=x', true],
    ['https://on.soundcloud.com/AbCd', true],
    ['http://soundcloud.com/aoife/ave-maria', false],
    ['https://soundcloud.com/', false],
    ['https://soundcloud.com.evil.example/aoife', false],
    ['https://evil.example/soundcloud.com/aoife', false],
    ['soundcloud.com/aoife/ave-maria', false],
  ])('%s is a SoundCloud link: %s', (link, ok) => expect(isSoundCloudUrl(link)).toBe(ok));

  it('makes a slug from a title, with the category prefix on cliste only', () => {
    expect(postSlugBase('church', 'harpists', 'Róisín Ní Bhriain & Friends - Harp')).toBe('roisin-ni-bhriain-and-friends-harp');
    expect(postSlugBase('cliste', 'school-tours-open-farms', 'Glen Open Farm')).toBe('school-tours-glen-open-farm');
    expect(postSlugBase('cliste', 'school-workshops-stem', 'School Workshops: STEM Sparks')).toBe('school-workshops-stem-sparks');
    expect(postSlugBase('multi', 'school-tours-open-farms', 'Glen Open Farm')).toBe('glen-open-farm');
  });
});
