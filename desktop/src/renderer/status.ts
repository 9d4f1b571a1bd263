// The shell's status page, one page for the pairing screen and for the printer box's status: it shows what
// the main process reports for its mode (`window.ordering.getShellState()`), refreshed every second. No
// Node here, only the preload's API.
export {};

const $ = (id: string) => document.getElementById(id)!;

async function refresh(): Promise<void> {
  const api = window.ordering;
  if (!api) return;
  const state = await api.getShellState();
  const pairing = state.mode === 'pairing';
  $('pairing').hidden = !pairing;
  $('status').hidden = pairing;
  if (pairing) {
    $('code').textContent = state.pairing?.code ?? '…';
    const qr = $('qr') as HTMLImageElement;
    if (state.pairing && qr.src !== state.pairing.qrDataUrl) qr.src = state.pairing.qrDataUrl;
    $('expires').textContent = state.pairing
      ? `Gültig bis ${new Date(state.pairing.expiresAt).toLocaleTimeString('de-AT')}; danach erscheint ein neuer Code.`
      : 'Verbinde mit dem Server …';
  } else {
    $('device').textContent = state.device ? `${state.device.name}` : 'Terminal';
    $('printer').textContent = state.printer ?? 'Drucker: …';
  }
}

void refresh();
setInterval(() => void refresh(), 1000);
