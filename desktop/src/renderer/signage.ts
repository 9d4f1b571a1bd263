// Signage: the stream's segments in order, from the shell's disk cache (images for their duration,
// videos to their end), looping; the playlist is asked for again after every round.
export {};

type Item = { id: number; type: 'image' | 'video'; src: string; durationMs: number | null };
const stage = document.getElementById('stage')!;

function show(item: Item): Promise<void> {
  return new Promise((resolve) => {
    stage.replaceChildren();
    if (item.type === 'image') {
      const img = document.createElement('img');
      img.alt = '';
      img.src = item.src;
      stage.append(img);
      setTimeout(resolve, item.durationMs ?? 10_000);
      return;
    }
    const video = document.createElement('video');
    video.src = item.src;
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    video.addEventListener('ended', () => resolve(), { once: true });
    video.addEventListener('error', () => resolve(), { once: true });
    stage.append(video);
  });
}

async function play(): Promise<void> {
  for (;;) {
    const playlist = (await window.ordering?.getPlaylist()) ?? { loop: true, items: [] };
    if (playlist.items.length === 0) {
      await new Promise((r) => setTimeout(r, 5000));
      continue;
    }
    for (const item of playlist.items) await show(item);
    if (!playlist.loop) return;
  }
}

void play();
