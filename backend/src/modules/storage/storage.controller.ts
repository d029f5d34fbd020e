import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { Matches, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { StorageService } from './storage.service';
import { StageOpen } from '../../common/stage-open';

class FileParamDto {
  @Matches(/^[a-z0-9-]+(\.[a-z0-9]+)?$/, { message: 'file must be a lowercase file name' })
  @MaxLength(220)
  file!: string;
}

/**
 * A week under a plain name (a new photo replaces the file); a year and immutable under a versioned URL (`?v=`, which
 * the answers' srcset URLs and the editor's preview carry, new with every new photo), as nginx does. Only a hint: any
 * other query is ignored, as before.
 */
const cacheFor = (v: unknown) => (typeof v === 'string' && v ? 'public, max-age=31536000, immutable' : 'public, max-age=604800');

// Pictures answer on stage too: pages show them with <img>, which sends no token, and nginx serves the stored copies
// from disk without asking the API anyway.
@StageOpen('open')
@Controller('storage')
export class StorageController {
  constructor(private readonly storage: StorageService) {}

  @Get('library/:file')
  async listingImage(@Param() { file }: FileParamDto, @Query('v') v: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('Cache-Control', cacheFor(v));
    return new StreamableFile(await this.storage.listingImage(file), { type: 'image/webp' });
  }

  @Get('article-assets/:file')
  async articleImage(@Param() { file }: FileParamDto, @Query('v') v: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('Cache-Control', cacheFor(v));
    return new StreamableFile(await this.storage.articleImage(file), { type: 'image/webp' });
  }
}
