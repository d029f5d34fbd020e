import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumnsInPlace, dropColumnsInPlace } from './columns-in-place';

/**
 * posts.image_version and articles.image_version: a new number at every change of the picture (an upload, or drawn
 * cover art whose title changed), carried by the image URLs as `?v=`. updated_at, in whole seconds on MariaDB, stayed
 * the same for two uploads within a second, so the second picture kept the URL a year's immutable cache held the first
 * under. 0 (rows not changed since) keeps the old `?v=` (updated_at), so URLs already cached stay valid.
 */
export class ImageVersions1765900000000 implements MigrationInterface {
  name = 'ImageVersions1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await addColumnsInPlace(q, 'posts', [{ name: 'image_version', type: 'int', default: 0 }]);
    await addColumnsInPlace(q, 'articles', [{ name: 'image_version', type: 'int', default: 0 }]);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropColumnsInPlace(q, 'articles', ['image_version']);
    await dropColumnsInPlace(q, 'posts', ['image_version']);
  }
}
