import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { access, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
    // Unique per write: two requests (or processes) making the same file never write one temporary file together.
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
  }

  /**
   * Writes a file only if none is there yet (false when one is): a file made on request (a srcset copy, cover art)
   * never replaces one an upload wrote meanwhile. Written whole under a temporary name and linked into place.
   */
  async create(path: string, data: Buffer): Promise<boolean> {
    const target = this.resolve(path);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    try {
      await linkIntoPlace(tmp, target);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** Deletes a file if it still holds these bytes (a made file found stale), leaving one written since. */
  async removeIfSame(path: string, data: Buffer): Promise<void> {
    if ((await this.read(path))?.equals(data)) await this.remove(path);
  }

  /**
   * Writes several files as one change: every file goes to a temporary name first, and only when all are written are
   * they renamed into place, so a failure part-way leaves the old files as they were.
   */
  async replaceAll(files: { path: string; data: Buffer }[]): Promise<void> {
    const tag = randomBytes(6).toString('hex');
    const staged = files.map((f) => ({ target: this.resolve(f.path), tmp: `${this.resolve(f.path)}.${tag}.tmp`, data: f.data }));
    try {
      for (const f of staged) {
        await mkdir(dirname(f.target), { recursive: true });
        await writeFile(f.tmp, f.data);
      }
    } catch (err) {
      await Promise.all(staged.map((f) => rm(f.tmp, { force: true })));
      throw err;
    }
    for (const f of staged) await rename(f.tmp, f.target);
  }

  /** The names of the files in a folder under storage ([] when it does not exist). */
  async list(dir: string): Promise<string[]> {
    try {
      return (await readdir(this.resolve(dir), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return [];
    }
  }

  /** Deletes a file; one that is not there is no error. */
  async remove(path: string): Promise<void> {
    await rm(this.resolve(path), { force: true });
  }

  private resolve(path: string): string {
    const full = resolve(join(this.root, path));
    if (!full.startsWith(this.root + sep)) throw new Error(`Path escapes storage: ${path}`);
    return full;
  }
}

/** Errors of file systems without hard links (SMB, Azure Files, some NFS and FUSE mounts). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Puts tmp's bytes at target only if nothing is there (EEXIST otherwise): a hard link, atomic and exclusive. Where the
 * file system has no links, a rename after a look (atomic for readers; a file written between the look and the rename
 * is replaced, which keep()'s check of the source then undoes).
 */
async function linkIntoPlace(tmp: string, target: string): Promise<void> {
  try {
    await link(tmp, target);
  } catch (err) {
    if (!NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
    try {
      await access(target);
    } catch {
      await rename(tmp, target);
      return;
    }
    throw Object.assign(new Error(`${target} exists`), { code: 'EEXIST' });
  }
}
