// Signage mode: a signage device shows the web player of the TV its settings name (`settings.tv`; the
// shell asks `GET /api/devices/me/signage` with its key and opens `/signage/{tv}/{key}`, planFor). The
// player caches its segments and keeps playing offline by itself (docs/decisions/signage.md); a device
// without a TV shows the shell's page that says so (renderer/signage) until one is chosen.

/**
 * The identifier of the TV a signage device shows (`GET /api/devices/me/signage`, device key), or null when
 * none is set in the back office. Throws when the backend cannot be asked, so the shell keeps the TV of its
 * last start.
 */
export async function fetchSignageTv(
  origin: string,
  deviceKey: string,
  fetchFn: typeof fetch = fetch,
): Promise<string | null> {
  const res = await fetchFn(new URL('/api/devices/me/signage', origin), {
    headers: { authorization: `Bearer ${deviceKey}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`GET /api/devices/me/signage: ${res.status}`);
  const { data } = (await res.json()) as { data?: { tv?: { identifier?: unknown } | null } };
  const identifier = data?.tv?.identifier;
  return typeof identifier === 'string' && identifier ? identifier : null;
}
