import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { Matches, MaxLength } from 'class-validator';
import { StorageService } from './storage.service';

class FileParamDto {
  @Matches(/^[a-z0-9-]+(\.[a-z0-9]+)?$/, { message: 'file must be a lowercase file name' })
  @MaxLength(220)
  file!: string;
}

const CACHE = 'public, max-age=604800';

@Controller('storage')
export class StorageController {
  constructor(private readonly storage: StorageService) {}

  @Get('library/:file')
  @Header('Cache-Control', CACHE)
  async listingImage(@Param() { file }: FileParamDto) {
    return new StreamableFile(await this.storage.listingImage(file), { type: 'image/webp' });
  }

  @Get('article-assets/:file')
  @Header('Cache-Control', CACHE)
  async articleImage(@Param() { file }: FileParamDto) {
    return new StreamableFile(await this.storage.articleImage(file), { type: 'image/webp' });
  }
}
