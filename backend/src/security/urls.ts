// The link checks are shared with the back office's block editor (common/src/schemas/blocks.ts).
export { isSafeLinkTarget, isSameOriginPath } from '@ordering/common/schemas';
