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
