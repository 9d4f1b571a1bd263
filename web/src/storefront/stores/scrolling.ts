/** Below this window width the category bar uses the narrow-screen offset. */
export const NARROW_SCREEN_MAX_WIDTH = 768;

/**
 * How far above a product group the page stops when a category is clicked (spec section 2): 150 px on
 * desktop, 36 % of the window width on narrow screens.
 */
export function categoryScrollOffset(windowWidth: number): number {
  return windowWidth < NARROW_SCREEN_MAX_WIDTH ? Math.round(windowWidth * 0.36) : 150;
}

/**
 * The jump offset where the page's own CSS sets one: a screen with a taller sticky header than the store
 * page's (the kiosk's header and its large category bar) sets `--category-jump-offset` (px or rem) on an
 * ancestor of the menu; elsewhere {@link categoryScrollOffset}.
 */
export function jumpOffsetOf(value: string, rootFontSizePx: number, windowWidth: number): number {
  const match = /^\s*([\d.]+)(px|rem)\s*$/.exec(value);
  if (!match) return categoryScrollOffset(windowWidth);
  const amount = Number(match[1]);
  return Math.round(match[2] === 'rem' ? amount * rootFontSizePx : amount);
}

/** {@link jumpOffsetOf} for a menu element on the page (the custom property is inherited). */
export function categoryJumpOffset(element: Element): number {
  return jumpOffsetOf(
    getComputedStyle(element).getPropertyValue('--category-jump-offset'),
    parseFloat(getComputedStyle(document.documentElement).fontSize) || 16,
    window.innerWidth,
  );
}

/**
 * The active category (spec section 2): the last group whose top is above 25 % of the window height;
 * the first group while none is. `tops` are the groups' top edges relative to the viewport, in page order.
 */
export function activeGroupIndex(tops: readonly number[], windowHeight: number): number {
  const line = windowHeight * 0.25;
  let active = 0;
  tops.forEach((top, index) => {
    if (top < line) active = index;
  });
  return tops.length === 0 ? -1 : active;
}
