import sharp from 'sharp';
import { CoverArtRenderer, coverArtSpec } from './cover-art';

describe('CoverArtRenderer', () => {
  const art = new CoverArtRenderer();

  // XML cannot hold these even escaped: the drawing used to fail on them (a 500 for the picture and the title's write).
  it.each([
    ['U+FFFE', 'Aoife\ufffe Byrne'],
    ['U+FFFF', 'Aoife Byrne\uffff'],
    ['a control character', 'Aoife\u0001 Byrne\u001f\u007f'],
    ['NUL', '\u0000Aoife Byrne'],
  ])('draws a title holding %s, as the title without it', async (_, title) => {
    const image = await art.render(coverArtSpec(title, 'aoife-byrne', 680, 588));
    expect((await sharp(image).metadata()).format).toBe('webp');
  });

  it('draws a title without such characters exactly as before (stored art is recognised by its bytes)', async () => {
    const clean = await art.render(coverArtSpec('Aoife Byrne', 'aoife-byrne', 680, 588));
    const dirty = await art.render(coverArtSpec('Aoife\ufffe Byrne\u0001', 'aoife-byrne', 680, 588));
    expect(dirty.equals(clean)).toBe(true);
  });
});
