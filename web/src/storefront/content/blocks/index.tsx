import type { Block, BlockType } from '@ordering/common';
import type { ComponentType } from 'react';
import { Hero } from './Hero';
import { SectionService } from './SectionService';
import {
  SectionContact,
  SectionImages,
  SectionImageText,
  SectionInfoBox,
  SectionTextBoxes,
  SectionValues,
  SectionVideo,
} from './sections';
import type { BlockContentByType, BlockProps } from './types';

export { Hero, SectionContact, SectionImages, SectionImageText, SectionInfoBox, SectionService };
export { SectionTextBoxes, SectionValues, SectionVideo };
export type * from './types';

/**
 * The renderer of each block type: plain components taking a block's content, so the back office's block
 * editor shows its live preview with the same code the storefront uses.
 */
export const BLOCK_RENDERERS: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  hero: Hero,
  sectionImages: SectionImages,
  sectionTextBoxes: SectionTextBoxes,
  sectionValues: SectionValues,
  sectionInfoBox: SectionInfoBox,
  sectionService: SectionService,
  sectionImageText: SectionImageText,
  sectionContact: SectionContact,
  sectionVideo: SectionVideo,
};

/** Whether a type has a renderer (an unknown type shows nothing rather than breaking the page). */
export function isKnownBlockType(type: unknown): type is BlockType {
  return typeof type === 'string' && Object.hasOwn(BLOCK_RENDERERS, type);
}

/** One block by its type; the contact block carries the `kontakt` anchor the header's link scrolls to. */
export function BlockView({
  block,
  isFirst = false,
}: {
  block: Pick<Block, 'type' | 'content' | 'identifier'>;
  isFirst?: boolean;
}) {
  if (!isKnownBlockType(block.type)) return null;
  const content = (block.content ?? {}) as BlockContentByType[BlockType];
  const id = block.type === 'sectionContact' ? CONTACT_ANCHOR : block.identifier;
  if (block.type === 'hero') return <Hero content={content} id={id} isFirst={isFirst} />;
  const Renderer = BLOCK_RENDERERS[block.type] as ComponentType<BlockProps<BlockType>>;
  return <Renderer content={content} id={id} />;
}

/** The anchor of the contact section (the header's "Kontakt" link). */
export const CONTACT_ANCHOR = 'kontakt';
