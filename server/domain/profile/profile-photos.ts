import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../config/env';
import { UploadedFile } from '../../http/middleware/body';
import { randomToken } from '../../support/crypto';

/**
 * Profile photos live on the public disk, DATA_DIR/app/public, which the kernel serves under
 * `/storage`; the users table keeps the path below it (`profile-photos/<random>.jpg`).
 */
export const photoDirectory = 'profile-photos';
export const maxPhotoKilobytes = 1024;
/** Stored photos fit in this square; the page shows them at 80 px, twice that on dense screens and more. */
export const maxPhotoSide = 512;
/** About 7000 × 7000: more than any camera sends, far less than a decompression bomb asks for. */
const maxInputPixels = 50_000_000;

/** libvips (about 40 MB) loads at the first photo, not when a process starts. */
const imaging = async () => (await import('sharp')).default;

const storedPath = new RegExp(`^${photoDirectory}/[A-Za-z0-9_-]{20,}\\.(?:jpg|png)$`);

export const publicDisk = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'app', 'public');

/** A photo that passed validation, already resized and re-encoded (metadata such as GPS dropped). */
export interface ProcessedPhoto {
  extension: 'jpg' | 'png';
  data: Buffer;
}

export const photoMessages = {
  type: 'The photo field must be a file of type: jpg, jpeg, png.',
  size: `The photo field must not be greater than ${maxPhotoKilobytes} kilobytes.`,
  dimensions: 'The photo field has invalid image dimensions.',
};

/**
 * Laravel's `mimes:jpg,jpeg,png|max:1024`, judged by the bytes and not the file name: the image
 * must decode as JPEG or PNG. Returns the resized photo, or the first failing rule's message.
 */
export async function processPhoto(value: unknown): Promise<{ photo: ProcessedPhoto } | { error: string }> {
  if (!(value instanceof UploadedFile)) return { error: photoMessages.type };
  let format: string | undefined;
  let pixels: number;
  const sharp = await imaging();
  try {
    const metadata = await sharp(value.buffer).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    return { error: photoMessages.type };
  }
  if (format !== 'jpeg' && format !== 'png') return { error: photoMessages.type };
  if (value.size > maxPhotoKilobytes * 1024) return { error: photoMessages.size };
  if (pixels === 0 || pixels > maxInputPixels) return { error: photoMessages.dimensions };
  try {
    const image = sharp(value.buffer, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize(maxPhotoSide, maxPhotoSide, { fit: 'inside', withoutEnlargement: true });
    const data = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
    return { photo: { extension: format === 'png' ? 'png' : 'jpg', data } };
  } catch {
    // The header was fine but the image data is not.
    return { error: photoMessages.type };
  }
}

/** Writes the photo under a random name and returns its path on the public disk. */
export async function storePhoto(config: Pick<Config, 'dataDir'>, photo: ProcessedPhoto): Promise<string> {
  const path = `${photoDirectory}/${randomToken(30)}.${photo.extension}`;
  const file = join(publicDisk(config), path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, photo.data, { flag: 'wx' });
  return path;
}

/** Removes a stored photo; a missing file or a path that is not one of ours is left alone. */
export async function deletePhoto(config: Pick<Config, 'dataDir'>, path: string | null | undefined): Promise<void> {
  if (!path || !storedPath.test(path)) return;
  try {
    await unlink(join(publicDisk(config), path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
