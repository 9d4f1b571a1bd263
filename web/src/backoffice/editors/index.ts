import { DevicePairingEditor } from '../devices/DevicePairingEditor';
import { DeviceSettingsEditor } from '../devices/DeviceSettingsEditor';
import type { CustomEditor } from './types';

export type { CustomEditor, CustomEditorProps } from './types';

/** Every special editor by the key an entity description names it with (see ./types.ts). */
export const customEditors: Record<string, CustomEditor<never>> = {
  devicePairing: DevicePairingEditor,
  deviceSettings: DeviceSettingsEditor as CustomEditor<never>,
};
