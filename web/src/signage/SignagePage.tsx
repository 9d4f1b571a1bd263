import type { SignageScreenCapture } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useParams } from '../router/router';
import { registerServiceWorker } from '../shell/registerServiceWorker';
import { browserMediaCache } from './media-cache';
import { type Layer, SIGNAGE_TEXTS as T, SignagePlayerStore } from './SignagePlayerStore';
import './signage.css';

/**
 * One layer: an image or a muted video that reports when it can be shown, when it ends, when it fails, and
 * when its fade-in to the front has ended.
 */
const LayerView = observer(function LayerView({
  store,
  layer,
  front,
}: {
  store: SignagePlayerStore;
  layer: Layer;
  front: boolean;
}) {
  // The layer's one element, an <img> or a <video> (typed as both so either takes the ref).
  const element = useRef<HTMLVideoElement & HTMLImageElement>(null);
  useEffect(() => {
    const v = element.current;
    if (!(v instanceof HTMLVideoElement)) return;
    if (front) {
      v.currentTime = 0;
      void v.play().catch(() => store.broken(layer.id));
    } else v.pause();
  }, [front, layer.id, store]);
  useEffect(() => {
    const el = element.current;
    if (!front || !el) return;
    if (typeof el.getAnimations !== 'function') return store.faded(layer.id);
    // Reading the style starts the fade-in's CSS transition now if the browser has not yet; a layer that came
    // to the front without one (the first picture, reduced motion) has ended its fade at once.
    void getComputedStyle(el).opacity;
    void Promise.allSettled(el.getAnimations().map((a) => a.finished)).then(() => store.faded(layer.id));
  }, [front, layer.id, store]);
  const className = front ? 'sg-layer sg-layer--front' : 'sg-layer';
  if (layer.segment.type === 'video')
    return (
      <video
        ref={element}
        className={className}
        src={layer.src}
        muted
        playsInline
        preload="auto"
        aria-label={layer.segment.name}
        onLoadedData={(e) => store.ready(layer.id, e.currentTarget.duration)}
        onEnded={() => store.ended(layer.id)}
        onError={() => store.broken(layer.id)}
      />
    );
  return (
    <img
      ref={element}
      className={className}
      src={layer.src}
      alt={layer.segment.name}
      onLoad={(e) =>
        void e.currentTarget
          .decode()
          .catch(() => undefined)
          .then(() => store.ready(layer.id))
      }
      onError={() => store.broken(layer.id)}
    />
  );
});

/** The viewport's shape, so a portrait TV on a landscape output is turned (and the other way round). */
function useLandscapeViewport() {
  const [landscape, setLandscape] = useState(() => window.innerWidth >= window.innerHeight);
  useEffect(() => {
    const update = () => setLandscape(window.innerWidth >= window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return landscape;
}

export const SignagePlayer = observer(function SignagePlayer({ store }: { store: SignagePlayerStore }) {
  const landscapeViewport = useLandscapeViewport();
  const orientation = store.manifest?.tv.orientation ?? (landscapeViewport ? 'landscape' : 'portrait');
  const rotated = (orientation === 'landscape') !== landscapeViewport;
  return (
    <main
      className="sg"
      aria-label={store.manifest?.tv.name || 'Digital Signage'}
      data-orientation={orientation}
      data-rotated={rotated ? 'true' : 'false'}
      data-position={store.current?.position ?? ''}
      data-segment={store.current?.id ?? ''}
      data-shown={store.shown}
      data-online={store.online ? 'true' : 'false'}
      data-manifest={store.manifest?.version ?? ''}
    >
      <div className={rotated ? 'sg-stage sg-stage--rotated' : 'sg-stage'}>
        {store.layers.map((layer, i) =>
          layer ? <LayerView key={layer.id} store={store} layer={layer} front={store.front === i} /> : null,
        )}
        {store.revoked ? (
          <div className="sg-standby" role="alert">
            <p className="sg-standby__text">{T.revoked}</p>
          </div>
        ) : store.standby ? (
          <div className="sg-standby" role="status">
            <p className="sg-standby__title">{store.manifest?.tv.name || T.standbyTitle}</p>
            <p className="sg-standby__text">{store.manifest ? T.standbyEmpty : T.standbyLoading}</p>
          </div>
        ) : null}
      </div>
    </main>
  );
});

/** The part of the desktop shell's `window.ordering` (desktop/src/preload) the player uses. */
interface ShellBridge {
  captureScreen?: () => Promise<SignageScreenCapture>;
}
const shellBridge = () => (window as Window & { ordering?: ShellBridge }).ordering;

/**
 * The signage player `/signage/{identifier}/{key}`: full screen, no shop chrome; the browser on a TV and the
 * desktop shell's signage mode open the same page (docs/decisions/signage.md).
 */
export function SignagePage() {
  const { identifier = '', key = '' } = useParams();
  const [store] = useState(
    () =>
      new SignagePlayerStore({
        identifier,
        playerKey: key,
        now: () => Date.now(),
        fetch: window.fetch.bind(window),
        media: browserMediaCache(),
        storage: window.localStorage,
        // The desktop shell's bridge (desktop/src/preload): present only inside the shell.
        capture: shellBridge()?.captureScreen,
      }),
  );
  useEffect(() => {
    void store.start();
    // The worker keeps this page (and its scripts) for a start without network.
    void registerServiceWorker(() => undefined).catch(() => undefined);
    return () => store.stop();
  }, [store]);
  return <SignagePlayer store={store} />;
}
