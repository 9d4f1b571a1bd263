import type { BlockType, Image, Video } from '@ordering/common';

/** A picture as block content carries it once the server resolved the reference. */
export type BlockImage = Pick<Image, 'id' | 'version' | 'extension'> & {
  width?: number | null;
  height?: number | null;
  alt?: string | null;
  name?: string | null;
};

/** A button of a block: links inside the shop start with a slash. */
export interface BlockButton {
  label: string;
  url: string;
}

/** The fields every block type has. */
export interface BlockBase {
  title?: string;
  /** Rich text (HTML cleaned by the server). */
  text?: string;
}

export interface HeroContent extends BlockBase {
  image?: BlockImage | null;
  buttons?: BlockButton[];
  introduction?: string;
  isIntroductionColored?: boolean;
}
export interface SectionImagesContent extends BlockBase {
  images?: BlockImage[];
}
export interface SectionTextBoxesContent extends BlockBase {
  boxes?: Array<{ title?: string; text?: string; button?: BlockButton | null }>;
}
export interface SectionValuesContent extends BlockBase {
  image?: BlockImage | null;
}
export interface SectionInfoBoxContent extends BlockBase {
  items?: BlockButton[];
}
export interface SectionServiceContent extends BlockBase {
  gallery?: BlockImage[];
}
export interface SectionImageTextContent extends BlockBase {
  image?: BlockImage | null;
  imagePosition?: 'left' | 'right';
}
export interface SectionContactContent extends BlockBase {
  boxes?: Array<{ title?: string; image?: BlockImage | null; text?: string }>;
}
export interface SectionVideoContent extends BlockBase {
  video?: Pick<Video, 'id' | 'version' | 'extension' | 'publicHash'> | null;
}

/** The content of each block type. */
export interface BlockContentByType {
  hero: HeroContent;
  sectionImages: SectionImagesContent;
  sectionTextBoxes: SectionTextBoxesContent;
  sectionValues: SectionValuesContent;
  sectionInfoBox: SectionInfoBoxContent;
  sectionService: SectionServiceContent;
  sectionImageText: SectionImageTextContent;
  sectionContact: SectionContactContent;
  sectionVideo: SectionVideoContent;
}

/** Props of every block renderer: the block's content (what the editor's live preview passes too). */
export interface BlockProps<T extends BlockType> {
  content: BlockContentByType[T];
  /** An id for the section (anchors such as the contact block's); optional. */
  id?: string;
}

/** The alternative text of a picture: its own, else the name without extension, else empty (decorative). */
export function altOf(image: BlockImage): string {
  return image.alt?.trim() || '';
}
