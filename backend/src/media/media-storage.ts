import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files of images and uploads on disk, under MEDIA_DIR. Keys are relative paths chosen by the
 * server (never from user input). Writes go to a temporary file that is renamed into place, so a
 * reader never sees half a file. Behind this class an object store (S3) could replace the folder.
 */
export class MediaStorage {
  constructor(readonly root: string) {}

  /** Absolute path of a key; refuses keys that would leave the media folder. */
  pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid media key: ${key}`);
    return full;
  }

  /** Writes the file atomically (temporary file, then rename). */
  async write(key: string, content: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, content);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Whether the key exists as a file. */
  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  /** Removes a file (missing files are fine). */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Removes a folder with everything in it (prepared sizes of an image). */
  async removeTree(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true, recursive: true });
  }
}

/** A fresh random key part, so that replaced files never collide with cached old ones. */
export const randomKeyPart = () => randomBytes(8).toString('hex');
