import type { Entity } from './base.js';

/** A stored image, served at `/image/{id}-{version}.{extension}` (and the size prefixes of spec section 7). */
export interface Image extends Entity {
  /** Increases whenever the file is replaced, so URLs change and caches refresh. */
  version: number;
  /** File extension without dot (`jpg`, `png` …). */
  extension: string;
  /** Original or display name. */
  name?: string;
  /** Pixel width, when known. */
  width?: number;
  /** Pixel height, when known. */
  height?: number;
}

/** A stored video, served at `/upload/{publicHash}/{id}-{version}.{extension}`. */
export interface Video extends Entity {
  /** Increases whenever the file is replaced. */
  version: number;
  /** File extension without dot (`mp4`, `webm` …). */
  extension: string;
  /** Secret part of the public URL. */
  publicHash: string;
}

/** A stored file (customer upload or back-office file), served at `/upload/{publicHash}/{id}-{version}.{extension}`. */
export interface Upload extends Entity {
  /** Increases whenever the file is replaced. */
  version: number;
  /** File extension without dot. */
  extension: string;
  /** Secret part of the public URL. */
  publicHash: string;
  /** MIME type as detected by the server (`application/pdf` …). */
  mimeType: string;
  /** Original file name, when known. */
  name?: string;
  /** Bytes of the file. */
  size?: number;
  /** A video's length in seconds as its container states it; null for other files and unknown lengths. */
  duration?: number | null;
}

/** Body of an upload create call: the file as a data URL (`data:image/png;base64,...`). */
export interface UploadCreate {
  /** The file content as a data URL. */
  data: string;
  /** Original file name (used in messages and the download name). */
  name?: string;
}
