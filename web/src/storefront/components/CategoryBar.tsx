import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { activeGroupIndex, categoryJumpOffset } from '../stores/scrolling';
import { useStores } from '../stores';
import { useCatalogText, useTexts } from '../catalogLanguage';

export function groupElementId(categoryId: number): string {
  return `category-${categoryId}`;
}

/**
 * The sticky category bar: jumps to a group and marks the one being read (spec section 2). With a windowed
 * menu the group may not be rendered yet: `onJump` scrolls to it (false when it is not shown, null when the
 * menu is not windowed and the group's element is scrolled to).
 */
export const CategoryBar = observer(function CategoryBar({
  onJump,
}: {
  onJump?: (categoryId: number) => boolean | null;
}) {
  const texts = useTexts();
  const { catalog } = useStores();
  const items = catalog.categoryBar;
  const text = useCatalogText();
  // A category clicked while its part is on its way: it stays the marked one until the jump (the reading
  // line would otherwise mark the group on screen again, e.g. when the bar's entries change meanwhile); the
  // guest's own scrolling ends the wait and the jump.
  const waitingFor = useRef<number | null>(null);

  useEffect(() => {
    if (items.length === 0) return;
    // Every rendered line of the menu (a group's heading or a row of its products) names its category: the
    // line that crosses the reading line decides, also while its group's heading is above the window.
    const update = () => {
      if (waitingFor.current !== null) return;
      const elements = Array.from(document.querySelectorAll<HTMLElement>('[data-category-id]'));
      const index = activeGroupIndex(
        elements.map((element) => element.getBoundingClientRect().top),
        window.innerHeight,
      );
      const id = index >= 0 ? Number(elements[index].dataset.categoryId) : null;
      catalog.setActiveCategory(id);
    };
    // The first reading waits until the page has been painted: reading positions right after React's commit
    // forces a layout of the whole menu inside the long task that renders it (about 70 ms on a phone).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(update, 0);
    });
    // On scrolling, read in the next frame (once per frame): a windowed menu renders the lines of the new
    // position in its own scroll handler, which may run after this one.
    let pending = 0;
    const schedule = () => {
      if (pending === 0) pending = requestAnimationFrame(() => ((pending = 0), update()));
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const ownScrolling = ['wheel', 'touchstart', 'keydown'] as const;
    const release = () => (waitingFor.current = null);
    ownScrolling.forEach((name) => window.addEventListener(name, release, { passive: true }));
    return () => {
      ownScrolling.forEach((name) => window.removeEventListener(name, release));
      cancelAnimationFrame(frame);
      cancelAnimationFrame(pending);
      clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [catalog, items.length]);

  // Keep the active item in view inside the horizontally scrolling bar.
  useEffect(() => {
    if (catalog.activeCategoryId === null) return;
    const link = document.querySelector<HTMLElement>(`[data-category-link="${catalog.activeCategoryId}"]`);
    const bar = link?.parentElement?.parentElement;
    if (link && bar) bar.scrollTo({ left: link.offsetLeft - 16, behavior: 'smooth' });
  }, [catalog.activeCategoryId]);

  /** Scrolls to a category's group; false when it is not there (the link's own jump is left to it). */
  const jump = (categoryId: number): boolean => {
    const jumped = onJump?.(categoryId) ?? null;
    if (jumped === false) return false;
    if (jumped) {
      catalog.setActiveCategory(categoryId);
      return true;
    }
    const target = document.getElementById(groupElementId(categoryId));
    if (!target) return false;
    const top = target.getBoundingClientRect().top + window.scrollY - categoryJumpOffset(target);
    window.scrollTo({ top, behavior: 'smooth' });
    catalog.setActiveCategory(categoryId);
    return true;
  };

  /** Jumps as soon as the group is rendered (the parts just shown reach the list a few frames later). */
  const jumpOnceShown = (categoryId: number, frames = 120) => {
    requestAnimationFrame(() => {
      if (waitingFor.current !== categoryId) return;
      if (jump(categoryId)) waitingFor.current = null;
      else if (frames > 0) jumpOnceShown(categoryId, frames - 1);
      else waitingFor.current = null;
    });
  };

  if (items.length === 0) return null;
  return (
    <nav className="category-bar" aria-label={texts.categories}>
      <ul className="category-bar__list">
        {items.map((category) => (
          <li key={category.id}>
            <a
              href={`#${groupElementId(category.id)}`}
              data-category-link={category.id}
              className="category-bar__link"
              aria-current={catalog.activeCategoryId === category.id ? 'true' : undefined}
              onClick={(event) => {
                // A category of a large menu's part still on its way: the jump waits for that part.
                if (catalog.isCategoryPending(category.id)) {
                  event.preventDefault();
                  catalog.setActiveCategory(category.id);
                  waitingFor.current = category.id;
                  const land = () => jumpOnceShown(category.id);
                  void catalog.loadForCategory(category.id).then(land, land);
                  return;
                }
                if (jump(category.id)) event.preventDefault();
              }}
            >
              {text.name(category)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
});
