import { bindTemplateText, fitFontSize, TEMPLATE_VARIABLES } from '@ordering/common';
import Konva from 'konva';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Group, Image as KonvaImage, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import { useStores } from '../../stores';
import { ImagePicker, useShopImages, type ShopImage } from '../blocks/ImagePicker';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';
import {
  LAYER_TYPES,
  LayerHistory,
  layersOf,
  newLayer,
  nudge,
  reorder,
  type EditedLayer,
} from './imageLayers';

interface FontRow {
  id: number;
  family: string;
  variant: string;
  upload: { id: number } | null;
}

/** The family the server draws with when a layer has no font (docs/decisions/image-templates.md). */
const FALLBACK = 'DejaVu Sans';
const DEFAULT_FONT_SIZE = 48;

function faceOf(font: FontRow | undefined) {
  if (!font) return { family: FALLBACK, style: 'normal' };
  const weight = Number(/^(\d00)/.exec(font.variant)?.[1] ?? 400);
  return {
    family: `${font.family}, ${FALLBACK}`,
    style: `${font.variant.endsWith('italic') ? 'italic ' : ''}${weight >= 600 ? 'bold' : 'normal'}`.trim(),
  };
}

/** Line height as a factor of the size: the font's ascent plus descent, as the server's text layout uses. */
function lineHeightOf(family: string, style: string, size: number): number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return 1.2;
  context.font = `${style} ${size}px ${family
    .split(',')
    .map((f) => `"${f.trim()}"`)
    .join(', ')}`;
  const metrics = context.measureText('Hg');
  const height = (metrics.fontBoundingBoxAscent ?? size) + (metrics.fontBoundingBoxDescent ?? size * 0.2);
  return height / size;
}

/** The text as drawn: wrapped to the box, shrunk to fit (common's rule, as on the server). */
function textLayout(layer: EditedLayer, text: string, font: FontRow | undefined) {
  const { family, style } = faceOf(font);
  const measure = (size: number) => {
    const node = new Konva.Text({
      text,
      fontFamily: family,
      fontStyle: style,
      fontSize: size,
      width: layer.width,
      wrap: 'word',
      lineHeight: lineHeightOf(family, style, size),
    });
    const lines = (node.textArr as Array<{ width: number }>).map((line) => line.width);
    const result = { width: Math.max(0, ...lines), height: node.height() };
    node.destroy();
    return result;
  };
  const size = fitFontSize(layer.fontSize ?? DEFAULT_FONT_SIZE, layer, measure);
  return { family, style, size, lineHeight: lineHeightOf(family, style, size) };
}

/** Pictures by id, loaded once (the original file, drawn scaled to the layer's box as the server does). */
function usePictures(images: ShopImage[] | null, onLoad: () => void) {
  const cache = useRef(new Map<number, HTMLImageElement>());
  return (id: number): HTMLImageElement | undefined => {
    const known = cache.current.get(id);
    if (known) return known.complete ? known : undefined;
    const image = images?.find((i) => i.id === id);
    if (!image) return undefined;
    const element = new window.Image();
    element.onload = onLoad;
    element.src = `/image/${image.id}-${image.version}.${image.extension}`;
    cache.current.set(id, element);
    return undefined;
  };
}

/** The configured fonts, their stylesheets linked once and loaded before the canvas draws with them. */
function useFonts(onLoad: () => void): FontRow[] {
  const root = useStores();
  const [fonts, setFonts] = useState<FontRow[]>([]);
  useEffect(() => {
    let live = true;
    void root.errors
      .run('Schriftarten konnten nicht geladen werden.', () =>
        root.api.get<FontRow[]>('/api/fonts?limit=200'),
      )
      .then(async (list) => {
        if (!live || !list) return;
        setFonts(list);
        for (const font of list) {
          const href = `/font/${encodeURIComponent(font.family)}/style-${font.variant}.embed.css`;
          if (!document.head.querySelector(`link[href="${href}"]`)) {
            const link = document.createElement('link');
            link.rel = 'stylesheet';
            link.href = href;
            document.head.append(link);
            await new Promise((resolve) => {
              link.onload = resolve;
              link.onerror = resolve;
            });
          }
          const { style } = faceOf(font);
          await document.fonts.load(`${style} 16px "${font.family}"`).catch(() => undefined);
        }
        if (live) onLoad();
      });
    return () => {
      live = false;
    };
  }, [root]);
  return fonts;
}

/**
 * The layer editor of an image template: the canvas at the template's size scaled to fit (the live
 * preview, with the variables bound to sample values), text, picture and shape layers moved, resized and
 * rotated by pointer or arrow keys (Shift: 10 px), reordered, locked, undone and redone; the selected
 * layer's properties beside it. The server renders the same layout (`render.png`).
 */
export function ImageLayersEditor(props: CustomEditorProps<unknown>) {
  const layers = layersOf(props.value);
  const width = Math.max(1, Number(props.entity.width) || 1920);
  const height = Math.max(1, Number(props.entity.height) || 1080);
  const background = typeof props.entity.background === 'string' ? props.entity.background : '#ffffff';
  const [selected, setSelected] = useState<number | null>(null);
  const [sampleText, setSampleText] = useState('');
  const [, redraw] = useState(0);
  const history = useRef(new LayerHistory());
  const images = useShopImages();
  const fonts = useFonts(() => redraw((n) => n + 1));
  const picture = usePictures(images, () => redraw((n) => n + 1));
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(800);
  const transformer = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<number, Konva.Group>());

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width || 800));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, available / width);

  const current = selected !== null ? layers[selected] : undefined;
  useEffect(() => {
    const node = selected !== null ? nodes.current.get(selected) : undefined;
    transformer.current?.nodes(node && current && !current.locked ? [node] : []);
  });

  const change = (next: EditedLayer[]) => {
    history.current.push(layers);
    props.onChange(next);
  };
  const update = (index: number, patch: Partial<EditedLayer>) =>
    change(layers.map((layer, i) => (i === index ? { ...layer, ...patch } : layer)));
  const add = (type: EditedLayer['type']) => {
    change([...layers, newLayer(type, { width, height })]);
    setSelected(layers.length);
  };
  const undo = () => {
    const previous = history.current.undo(layers);
    if (previous) props.onChange(previous);
  };
  const redo = () => {
    const next = history.current.redo(layers);
    if (next) props.onChange(next);
  };
  const fontById = useMemo(() => new Map(fonts.map((f) => [f.id, f])), [fonts]);

  const onKeyDown = (event: KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
      return;
    }
    if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      redo();
      return;
    }
    if (selected === null || !current) return;
    const moved = nudge(current, event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      update(selected, moved);
    }
  };

  const bindings = { text: sampleText || null };
  const layerName = (layer: EditedLayer, index: number) =>
    `${index + 1}. ${LAYER_TYPES[layer.type]}${layer.type === 'text' && layer.text ? `: ${layer.text.slice(0, 30)}` : ''}`;

  return (
    <fieldset className="ed-editor ed-layers" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <div className="ed-row" role="toolbar" aria-label="Ebenen bearbeiten">
        <button type="button" className="ed-add" onClick={() => add('text')}>
          Text hinzufügen
        </button>
        <button type="button" className="ed-add" onClick={() => add('image')}>
          Bild hinzufügen
        </button>
        <button type="button" className="ed-add" onClick={() => add('shape')}>
          Form hinzufügen
        </button>
        <button type="button" onClick={undo} disabled={!history.current.canUndo}>
          Rückgängig
        </button>
        <button type="button" onClick={redo} disabled={!history.current.canRedo}>
          Wiederholen
        </button>
      </div>
      <div
        ref={box}
        className="ed-layers__canvas"
        tabIndex={0}
        role="group"
        aria-label={`Vorschau ${width} × ${height} Pixel; Pfeiltasten verschieben die gewählte Ebene (mit Umschalt 10 Pixel)`}
        onKeyDown={onKeyDown}
      >
        <Stage
          width={Math.round(width * scale)}
          height={Math.round(height * scale)}
          scaleX={scale}
          scaleY={scale}
          onMouseDown={(event) => {
            if (event.target === event.target.getStage() || event.target.name() === 'background')
              setSelected(null);
          }}
        >
          <Layer>
            <Rect name="background" width={width} height={height} fill={background} />
            {layers.map((layer, index) => {
              const text = layer.type === 'text' ? bindTemplateText(layer.text ?? '', bindings) : '';
              const font = layer.font ? fontById.get(layer.font.id) : undefined;
              const layout = layer.type === 'text' ? textLayout(layer, text, font) : null;
              const element = layer.type === 'image' && layer.image ? picture(layer.image.id) : undefined;
              return (
                <Group
                  key={layer.id ?? `new-${index}`}
                  ref={(node) => {
                    if (node) nodes.current.set(index, node);
                    else nodes.current.delete(index);
                  }}
                  x={layer.x + layer.width / 2}
                  y={layer.y + layer.height / 2}
                  offsetX={layer.width / 2}
                  offsetY={layer.height / 2}
                  rotation={layer.rotation}
                  opacity={layer.opacity}
                  draggable={!layer.locked && !props.disabled}
                  onMouseDown={() => setSelected(index)}
                  onTap={() => setSelected(index)}
                  onDragEnd={(event) =>
                    update(index, {
                      x: Math.round(event.target.x() - layer.width / 2),
                      y: Math.round(event.target.y() - layer.height / 2),
                    })
                  }
                  onTransformEnd={(event) => {
                    const node = event.target;
                    const w = Math.max(1, Math.round(layer.width * node.scaleX()));
                    const h = Math.max(1, Math.round(layer.height * node.scaleY()));
                    node.scaleX(1);
                    node.scaleY(1);
                    update(index, {
                      x: Math.round(node.x() - w / 2),
                      y: Math.round(node.y() - h / 2),
                      width: w,
                      height: h,
                      rotation: Math.round(node.rotation() * 10) / 10,
                    });
                  }}
                >
                  <Rect
                    width={layer.width}
                    height={layer.height}
                    fill={layer.type === 'shape' ? (layer.color ?? '#000000') : 'rgba(0,0,0,0)'}
                  />
                  {element && <KonvaImage image={element} width={layer.width} height={layer.height} />}
                  {layout && (
                    <Text
                      text={text}
                      width={layer.width}
                      wrap="word"
                      align={layer.textAlign}
                      fontFamily={layout.family}
                      fontStyle={layout.style}
                      fontSize={layout.size}
                      lineHeight={layout.lineHeight}
                      fill={layer.color ?? '#000000'}
                    />
                  )}
                </Group>
              );
            })}
            <Transformer ref={transformer} rotateEnabled keepRatio={false} />
          </Layer>
        </Stage>
      </div>
      <label className="ed-field">
        <span>Vorschau für {'{text}'}</span>
        <input value={sampleText} maxLength={500} onChange={(e) => setSampleText(e.target.value)} />
      </label>
      <div className="ed-layers__body">
        <ol className="ed-layers__list" aria-label="Ebenen, unten zuerst">
          {layers.map((layer, index) => (
            <li key={layer.id ?? `new-${index}`}>
              <button type="button" aria-pressed={selected === index} onClick={() => setSelected(index)}>
                {layerName(layer, index)}
                {layer.locked ? ' (gesperrt)' : ''}
              </button>
            </li>
          ))}
        </ol>
        {current && selected !== null && (
          <LayerProperties
            layer={current}
            index={selected}
            count={layers.length}
            fonts={fonts}
            images={images}
            onChange={(patch) => update(selected, patch)}
            onMove={(direction) => {
              change(reorder(layers, selected, direction));
              setSelected(selected + direction);
            }}
            onRemove={() => {
              change(layers.filter((_, i) => i !== selected));
              setSelected(null);
            }}
          />
        )}
      </div>
      {props.id !== undefined && (
        <p className="ed-row">
          <a
            href={`/api/image-templates/${props.id}/render.png?download${sampleText ? `&text=${encodeURIComponent(sampleText)}` : ''}`}
          >
            Als PNG herunterladen
          </a>
          <a
            href={`/api/image-templates/${props.id}/render.jpg?download${sampleText ? `&text=${encodeURIComponent(sampleText)}` : ''}`}
          >
            Als JPEG herunterladen
          </a>
          <span className="ed-hint">(gespeicherter Stand)</span>
        </p>
      )}
      <FieldError message={props.errors[''] ?? Object.values(props.errors)[0]} />
    </fieldset>
  );
}

function LayerProperties(props: {
  layer: EditedLayer;
  index: number;
  count: number;
  fonts: FontRow[];
  images: ShopImage[] | null;
  onChange(patch: Partial<EditedLayer>): void;
  onMove(direction: 1 | -1): void;
  onRemove(): void;
}) {
  const { layer } = props;
  const number = (
    key: 'x' | 'y' | 'width' | 'height' | 'rotation' | 'opacity' | 'fontSize',
    label: string,
    step = 1,
  ) => (
    <label className="ed-field ed-field--short">
      <span>{label}</span>
      <input
        type="number"
        step={step}
        value={layer[key] ?? ''}
        onChange={(e) => {
          const value = e.target.value === '' ? null : Number(e.target.value);
          if (value === null && key !== 'fontSize') return;
          props.onChange({ [key]: value });
        }}
      />
    </label>
  );
  return (
    <div
      className="ed-card ed-layers__properties"
      role="group"
      aria-label={`Ebene ${props.index + 1}: ${LAYER_TYPES[layer.type]}`}
    >
      <div className="ed-row">
        <button type="button" onClick={() => props.onMove(1)} disabled={props.index >= props.count - 1}>
          Nach vorne
        </button>
        <button type="button" onClick={() => props.onMove(-1)} disabled={props.index === 0}>
          Nach hinten
        </button>
        <label className="ed-check">
          <input
            type="checkbox"
            checked={layer.locked}
            onChange={(e) => props.onChange({ locked: e.target.checked })}
          />
          Gesperrt
        </label>
        <button type="button" className="ed-remove" onClick={props.onRemove}>
          Ebene entfernen
        </button>
      </div>
      <div className="ed-row">
        {number('x', 'X')}
        {number('y', 'Y')}
        {number('width', 'Breite')}
        {number('height', 'Höhe')}
        {number('rotation', 'Drehung (Grad)')}
        {number('opacity', 'Deckkraft (0–1)', 0.05)}
      </div>
      {layer.type === 'text' && (
        <>
          <label className="ed-field ed-field--grow">
            <span>Text</span>
            <textarea
              value={layer.text ?? ''}
              rows={3}
              maxLength={2000}
              onChange={(e) => props.onChange({ text: e.target.value })}
            />
          </label>
          <div className="ed-row">
            <label className="ed-field">
              <span>Variable einfügen</span>
              <select
                value=""
                onChange={(e) =>
                  e.target.value && props.onChange({ text: `${layer.text ?? ''}{${e.target.value}}` })
                }
              >
                <option value="">– wählen –</option>
                {TEMPLATE_VARIABLES.map((v) => (
                  <option key={v.key} value={v.key}>
                    {v.label} {`{${v.key}}`}
                  </option>
                ))}
              </select>
            </label>
            <label className="ed-field">
              <span>Schriftart</span>
              <select
                value={layer.font?.id ?? ''}
                onChange={(e) =>
                  props.onChange({ font: e.target.value ? { id: Number(e.target.value) } : null })
                }
              >
                <option value="">Standard ({FALLBACK})</option>
                {props.fonts.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.family} {f.variant}
                    {f.upload ? '' : ' (ohne Datei)'}
                  </option>
                ))}
              </select>
            </label>
            {number('fontSize', 'Schriftgröße (px)')}
            <label className="ed-field">
              <span>Ausrichtung</span>
              <select
                value={layer.textAlign}
                onChange={(e) => props.onChange({ textAlign: e.target.value as EditedLayer['textAlign'] })}
              >
                <option value="left">Links</option>
                <option value="center">Zentriert</option>
                <option value="right">Rechts</option>
              </select>
            </label>
          </div>
        </>
      )}
      {layer.type !== 'image' && (
        <label className="ed-field ed-field--short">
          <span>Farbe</span>
          <input
            value={layer.color ?? ''}
            maxLength={50}
            onChange={(e) => props.onChange({ color: e.target.value || null })}
          />
        </label>
      )}
      {layer.type === 'image' && (
        <ImagePicker
          label="Bild der Ebene"
          images={props.images}
          value={layer.image}
          onPick={(image) => props.onChange({ image: { id: image.id } })}
          onClear={() => props.onChange({ image: null })}
        />
      )}
    </div>
  );
}
