import { Injectable } from '@nestjs/common';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { AppConfig } from '../config/configuration';
import { InjectConfig } from '../config/config.module';

/** Files under STORAGE_DIR (served at /storage/). Paths are confined to that folder. */
@Injectable()
export class FileStore {
  private readonly root: string;

  constructor(@InjectConfig() config: AppConfig) {
    this.root = resolve(config.storageDir);
  }

  async read(path: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(path));
    } catch {
      return null;
    }
  }

  /** Written to a temporary name first, so a reader never sees half a file. */
  async write(path: string, data: Buffer): Promise<void> {
    const target = this.resolve(path);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
  }

  private resolve(path: string): string {
    const full = resolve(join(this.root, path));
    if (!full.startsWith(this.root + sep)) throw new Error(`Path escapes storage: ${path}`);
    return full;
  }
}
