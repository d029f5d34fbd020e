import type { DataVersionDto } from '@directory/domain';
import { Controller, Get, Header } from '@nestjs/common';
import { DataVersion } from './data-version';

@Controller()
export class DataVersionController {
  constructor(private readonly version: DataVersion) {}

  /** For caches in front of the API (the site's page cache): they ask this, not every answer, whether data moved. */
  @Get('api/data-version')
  @Header('Cache-Control', 'no-store')
  async current(): Promise<DataVersionDto> {
    return { version: await this.version.current() };
  }
}
