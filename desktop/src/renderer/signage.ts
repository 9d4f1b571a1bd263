// The page of a signage device without a TV: says so and how to choose one; the main process asks the
// backend again every 30 s and opens the TV's web player once one is set (ShellController). The device's
// name comes from the shell's state (`window.ordering.getShellState()`).
export {};

async function refresh(): Promise<void> {
  const state = await window.ordering?.getShellState();
  if (state?.device) document.getElementById('device')!.textContent = state.device.name;
}

void refresh();
