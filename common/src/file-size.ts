// Sizes and lengths of files as the back office and the API's messages write them (German decimals).

/** A file size: `820 B`, `320 kB`, `1,5 MB`, `15 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`.replace('.', ',')
    : `${Math.round(bytes / 1024)} kB`;
}

/** A video's length: `12,4 s`, `2 min`, `2 min 5 s`. */
export function formatSeconds(seconds: number): string {
  if (seconds < 59.95) return `${Math.round(seconds * 10) / 10} s`.replace('.', ',');
  const whole = Math.round(seconds);
  const rest = whole % 60;
  const minutes = Math.floor(whole / 60);
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
