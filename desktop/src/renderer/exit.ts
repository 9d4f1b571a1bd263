// The kiosk's PIN prompt (Strg+Umschalt+Q): the main process checks the PIN and closes the kiosk.
export {};

const form = document.getElementById('form') as HTMLFormElement;
const pin = document.getElementById('pin') as HTMLInputElement;
const error = document.getElementById('error')!;
pin.focus();
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void window.ordering?.exitKiosk(pin.value).then((answer) => {
    pin.value = '';
    error.textContent = answer.ok ? '' : answer.message;
  });
});
