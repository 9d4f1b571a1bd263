export type { CustomEditor, CustomEditorProps } from './types';
