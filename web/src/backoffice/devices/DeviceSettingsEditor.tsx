import { marketProfile, t } from '@ordering/common';
import { MAX_ID, settingOf, type SettingScope } from '@ordering/common/schemas';
import { useEffect, useState } from 'react';
import type { CustomEditorProps } from '../editors/types';
import { useStores } from '../stores';
import { DeviceKeyPanel } from './DeviceKeyPanel';
import { DevicePairingEditor } from './DevicePairingEditor';
import './devices.css';

type Settings = Record<string, unknown>;
interface PrinterSettings {
  host: string;
  port: number;
  width: number;
  type: 'epson' | 'star';
}

/** What each device type has (backend/src/devices/device-settings.ts). */
const HAS_PRINTER = new Set(['frontdesk', 'kiosk', 'printer']);
// A kiosk never delivers (docs/decisions/settings.md).
const ORDER_MODES: Array<[string, string]> = [
  ['takeaway', t('orderType.takeaway')],
  ['dineIn', t('orderType.dineIn')],
];
/** Label and help of a device setting from the register of settings (common/src/schemas/settings.ts). */
const described = (scope: SettingScope, key: string) => {
  const setting = settingOf(scope, key);
  return { label: setting?.label ?? key, hint: setting?.help };
};

const NEW_PRINTER: PrinterSettings = { host: '', port: 9100, width: 48, type: 'epson' };

/**
 * The device form's settings (editor key `deviceSettings`): the fields of the device's type — receipt
 * printer, kiosk timeout and order modes, ticket-screen layout, the signage TV — and, for a saved
 * device, the pairing panel (code, online state, tests, logs).
 */
export function DeviceSettingsEditor(props: CustomEditorProps<Settings | null>) {
  const { value, onChange, errors, entity, id, disabled, label } = props;
  const settings: Settings = value ?? {};
  const type = String(entity.type ?? '');
  const set = (key: string, next: unknown) => onChange({ ...settings, [key]: next });
  const printer = (settings.printer as PrinterSettings | null | undefined) ?? null;
  const setPrinter = (patch: Partial<PrinterSettings>) =>
    set('printer', { ...(printer ?? NEW_PRINTER), ...patch });
  const field = (key: string) => `bo-device-${id ?? 'neu'}-${key}`;
  const error = (path: string) =>
    errors[path] ? (
      <p className="bo-field__error" id={`${field(path)}-error`}>
        {errors[path]}
      </p>
    ) : null;
  const invalid = (path: string) =>
    errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': `${field(path)}-error` } : {};

  return (
    <div className="bo-device-settings" aria-label={label}>
      {error('')}
      {!type && <p className="bo-field__hint">Wählen Sie zuerst den Gerätetyp.</p>}

      {HAS_PRINTER.has(type) && (
        <fieldset className="bo-device-settings__group">
          <legend>Bondrucker</legend>
          {type !== 'printer' && (
            <div className="bo-field bo-field--check">
              <input
                id={field('printer-on')}
                type="checkbox"
                disabled={disabled}
                checked={printer !== null}
                onChange={(e) => set('printer', e.target.checked ? NEW_PRINTER : null)}
              />
              <label htmlFor={field('printer-on')}>Drucker angeschlossen</label>
            </div>
          )}
          {(printer !== null || type === 'printer') && (
            <div className="bo-device-settings__grid">
              <div className="bo-field">
                <label className="bo-field__label" htmlFor={field('host')}>
                  Adresse (IP oder Hostname)
                </label>
                <input
                  id={field('host')}
                  value={printer?.host ?? ''}
                  placeholder="192.168.1.50"
                  disabled={disabled}
                  required
                  {...invalid('printer.host')}
                  onChange={(e) => setPrinter({ host: e.target.value })}
                />
                {error('printer.host')}
                {error('printer')}
              </div>
              <div className="bo-field">
                <label className="bo-field__label" htmlFor={field('port')}>
                  Port
                </label>
                <input
                  id={field('port')}
                  type="number"
                  min={1}
                  max={65535}
                  value={printer?.port ?? 9100}
                  disabled={disabled}
                  {...invalid('printer.port')}
                  onChange={(e) => setPrinter({ port: Number(e.target.value) })}
                />
                {error('printer.port')}
              </div>
              <div className="bo-field">
                <label className="bo-field__label" htmlFor={field('width')}>
                  Zeichen pro Zeile
                </label>
                <select
                  id={field('width')}
                  value={printer?.width ?? 48}
                  disabled={disabled}
                  onChange={(e) => setPrinter({ width: Number(e.target.value) })}
                >
                  <option value={32}>32 (58 mm)</option>
                  <option value={42}>42 (80 mm)</option>
                  <option value={48}>48 (80 mm)</option>
                </select>
              </div>
              <div className="bo-field">
                <label className="bo-field__label" htmlFor={field('type')}>
                  Befehlssatz
                </label>
                <select
                  id={field('type')}
                  value={printer?.type ?? 'epson'}
                  disabled={disabled}
                  onChange={(e) => setPrinter({ type: e.target.value as 'epson' | 'star' })}
                >
                  <option value="epson">EPSON (ESC/POS)</option>
                  <option value="star">STAR</option>
                </select>
              </div>
            </div>
          )}
        </fieldset>
      )}

      {type === 'frontdesk' && (
        <div className="bo-device-settings__grid">
          <Check
            id={field('autoPrint')}
            {...described('frontdesk', 'autoPrint')}
            checked={settings.autoPrint === true}
            disabled={disabled}
            onChange={(v) => set('autoPrint', v)}
          />
          <Check
            id={field('sound')}
            {...described('frontdesk', 'notificationSound')}
            checked={settings.notificationSound !== false}
            disabled={disabled}
            onChange={(v) => set('notificationSound', v)}
          />
          <Number_
            id={field('pinMemory')}
            {...described('frontdesk', 'pinMemorySeconds')}
            value={settings.pinMemorySeconds as number | undefined}
            fallback={120}
            min={0}
            max={3600}
            disabled={disabled}
            error={errors.pinMemorySeconds}
            onChange={(v) => set('pinMemorySeconds', v)}
          />
        </div>
      )}

      {type === 'kiosk' && (
        <div className="bo-device-settings__grid">
          <Number_
            id={field('idle')}
            {...described('kiosk', 'idleTimeoutSeconds')}
            value={settings.idleTimeoutSeconds as number | undefined}
            fallback={90}
            min={5}
            max={3600}
            disabled={disabled}
            error={errors.idleTimeoutSeconds}
            onChange={(v) => set('idleTimeoutSeconds', v)}
          />
          <fieldset className="bo-device-settings__modes">
            <legend className="bo-field__label">{described('kiosk', 'orderModes').label}</legend>
            {ORDER_MODES.map(([mode, text]) => {
              const modes = (settings.orderModes as string[] | undefined) ?? ['takeaway', 'dineIn'];
              return (
                <Check
                  key={mode}
                  id={field(`mode-${mode}`)}
                  label={text}
                  checked={modes.includes(mode)}
                  disabled={disabled}
                  onChange={(on) =>
                    set('orderModes', on ? [...modes, mode] : modes.filter((m) => m !== mode))
                  }
                />
              );
            })}
            {error('orderModes')}
          </fieldset>
          <MollieTerminalField
            id={field('mollieTerminal')}
            {...described('kiosk', 'mollieTerminal')}
            value={(settings.mollieTerminal as string | null | undefined) ?? ''}
            disabled={disabled}
            error={errors.mollieTerminal}
            onChange={(v) => set('mollieTerminal', v || null)}
          />
        </div>
      )}

      {type === 'ticket-screen' && (
        <div className="bo-device-settings__grid">
          <Number_
            id={field('display')}
            {...described('ticket-screen', 'displaySeconds')}
            value={settings.displaySeconds as number | undefined}
            fallback={600}
            min={10}
            max={7200}
            disabled={disabled}
            error={errors.displaySeconds}
            onChange={(v) => set('displaySeconds', v)}
          />
          <Number_
            id={field('columns')}
            {...described('ticket-screen', 'columns')}
            value={settings.columns as number | undefined}
            fallback={2}
            min={1}
            max={6}
            disabled={disabled}
            error={errors.columns}
            onChange={(v) => set('columns', v)}
          />
        </div>
      )}

      {type === 'kitchen-display' && (
        <div className="bo-device-settings__grid">
          <Number_
            id={field('station')}
            {...described('kitchen-display', 'station')}
            value={(settings.station as number | null | undefined) ?? undefined}
            fallback={0}
            min={1}
            max={MAX_ID}
            disabled={disabled}
            error={errors.station}
            onChange={(v) => set('station', v)}
          />
        </div>
      )}

      {type === 'signage' && (
        <TvSelect
          id={field('tv')}
          value={(settings.tv as number | null | undefined) ?? null}
          disabled={disabled}
          error={errors.tv}
          onChange={(v) => set('tv', v)}
        />
      )}

      {HAS_PRINTER.has(type) && (
        <p className="bo-field__hint">
          Geänderte Einstellungen gelten nach dem Speichern; das Terminal übernimmt sie mit dem nächsten
          Heartbeat (≤ 30 s).
        </p>
      )}

      <DeviceKeyPanel
        id={id ?? null}
        type={type}
        branchId={(entity.branch as { id?: number } | null | undefined)?.id ?? null}
        hasKey={Boolean(entity.apiKeyHint)}
        station={
          type === 'kitchen-display' ? ((settings.station as number | null | undefined) ?? null) : null
        }
      />

      <DevicePairingEditor {...props} value={undefined} onChange={() => undefined} label="Terminal koppeln" />
    </div>
  );
}

function Check(props: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <div className="bo-field bo-field--check">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={props.id}>{props.label}</label>
      {props.hint && <p className="bo-field__hint">{props.hint}</p>}
    </div>
  );
}

function Number_(props: {
  id: string;
  label: string;
  hint?: string;
  value: number | undefined;
  fallback: number;
  min: number;
  max: number;
  disabled?: boolean;
  error?: string;
  onChange(v: number): void;
}) {
  return (
    <div className="bo-field">
      <label className="bo-field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="number"
        min={props.min}
        max={props.max}
        value={props.value ?? props.fallback}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : props.hint ? `${props.id}-hint` : undefined}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      {props.hint && (
        <p className="bo-field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="bo-field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * The TV (`GET /api/digital-signage-devices`) whose web player this desktop terminal shows in its signage
 * mode (docs/decisions/signage.md); the stream, orientation and player state are the TV's.
 */
function TvSelect(props: {
  id: string;
  value: number | null;
  disabled?: boolean;
  error?: string;
  onChange(v: number | null): void;
}) {
  const root = useStores();
  const [tvs, setTvs] = useState<Array<{ id: number; identifier: string; name: string }>>([]);
  useEffect(() => {
    let live = true;
    void root.errors
      .run('Bildschirme konnten nicht geladen werden.', () =>
        root.api.get<Array<{ id: number; identifier: string; name: string }>>(
          '/api/digital-signage-devices?limit=100',
        ),
      )
      .then((list) => live && list && setTvs(list));
    return () => {
      live = false;
    };
  }, [root]);
  return (
    <div className="bo-field">
      <label className="bo-field__label" htmlFor={props.id}>
        Bildschirm (TV)
      </label>
      <select
        id={props.id}
        value={props.value ?? ''}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">– kein Bildschirm –</option>
        {tvs.map((tv) => (
          <option key={tv.id} value={tv.id}>
            {tv.name || tv.identifier}
          </option>
        ))}
      </select>
      <p className="bo-field__hint">
        Stream, Ausrichtung und Status stehen beim Bildschirm unter Signage › TVs.
      </p>
      {props.error && <p className="bo-field__error">{props.error}</p>}
    </div>
  );
}

interface MollieTerminal {
  id: string;
  description: string;
  status: string;
  brand: string | null;
  model: string | null;
}

const TERMINAL_STATUS: Record<string, string> = {
  active: 'aktiv',
  pending: 'wartet auf Aktivierung',
  inactive: 'inaktiv',
};

/**
 * The kiosk's Mollie terminal: a choice of the shop's terminals as Mollie lists them
 * (`GET /api/payments/mollie/terminals`), or the id typed by hand where the list is empty (no Mollie key,
 * Mollie not reachable) — docs/decisions/kiosk.md "Card at the terminal".
 */
function MollieTerminalField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  disabled?: boolean;
  error?: string;
  onChange(v: string): void;
}) {
  const root = useStores();
  const [terminals, setTerminals] = useState<MollieTerminal[]>([]);
  useEffect(() => {
    let live = true;
    root.api
      .get<MollieTerminal[]>('/api/payments/mollie/terminals')
      .then((list) => live && setTerminals(list))
      .catch(() => undefined); // No list: the id is typed by hand.
    return () => {
      live = false;
    };
  }, [root]);
  const described = [props.error ? `${props.id}-error` : '', props.hint ? `${props.id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  const known = terminals.some((terminal) => terminal.id === props.value);
  return (
    <div className="bo-field">
      <label className="bo-field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {terminals.length > 0 ? (
        <select
          id={props.id}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">
            – kein Kartenterminal (Kartenzahlung an der {marketProfile(root.config?.market).cashDesk}) –
          </option>
          {!known && props.value && <option value={props.value}>{props.value}</option>}
          {terminals.map((terminal) => (
            <option key={terminal.id} value={terminal.id}>
              {[
                terminal.description || terminal.id,
                [terminal.brand, terminal.model].filter(Boolean).join(' '),
                TERMINAL_STATUS[terminal.status] ?? terminal.status,
              ]
                .filter(Boolean)
                .join(' · ')}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={props.id}
          value={props.value}
          placeholder="term_…"
          spellCheck={false}
          autoComplete="off"
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => props.onChange(e.target.value.trim())}
        />
      )}
      {props.hint && (
        <p className="bo-field__hint" id={`${props.id}-hint`}>
          {props.hint} Nur mit einem Mollie-API-Schlüssel in der Konfiguration.
        </p>
      )}
      {props.error && (
        <p className="bo-field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
