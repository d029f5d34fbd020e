import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/configuration';
import { CoverArtRenderer, coverArtSpec } from './cover-art';
import { FileStore } from './file-store';
import { forgetDrawnArt } from './images';

/** A new title forgets the art drawn for the former one, and nothing else: not a photo uploaded meanwhile. */
describe('forgetDrawnArt', () => {
  let dir: string;
  let files: FileStore;
  const art = new CoverArtRenderer();
  const spec = coverArtSpec('Old Title', 'old-title', 120, 80);
  const set = { full: 'library/old-title-one-120x80.webp', copies: ['library/old-title-one-120x80-60w.webp'], art: spec };
  const photo = [Buffer.from('an uploaded photo'), Buffer.from('its copy')];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'forget-art-'));
    files = new FileStore({ storageDir: dir } as AppConfig);
    await files.write(set.full, await art.render(spec));
    await files.write(set.copies[0], Buffer.from('the art at 60 px'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('removes the art drawn for the former title, full size and copies', async () => {
    expect(await forgetDrawnArt(files, art, [set])).toBe(true);
    expect([await files.read(set.full), await files.read(set.copies[0])]).toEqual([null, null]);
  });

  it('keeps a photo another process uploads while the art is being compared', async () => {
    // The other process's upload lands between the read of the art and its removal (its own queue is not ours).
    const racing = {
      drew: async (image: Buffer, drawn: typeof spec) => {
        const same = await art.drew(image, drawn);
        await files.replaceAll([
          { path: set.full, data: photo[0] },
          { path: set.copies[0], data: photo[1] },
        ]);
        return same;
      },
    } as CoverArtRenderer;
    await forgetDrawnArt(files, racing, [set]);
    expect([await files.read(set.full), await files.read(set.copies[0])]).toEqual(photo);
  });
});
