import { signageSegmentInput, signageStreamInput, signageDeviceInput } from '@ordering/common/schemas';
import { ENTITY_NAMES, formatBytes, t } from '@ordering/common';
import { type EntityManager, In } from 'typeorm';
import { DomainError } from '../../core/errors.js';
import { defineResource } from '../../crud/resource.js';
import { imageJson } from '../../media/image-json.js';
import { deviceNow, isOnline, maskedKey } from '../../core/device-presence.js';
import { assertAfter } from '../operations.validation.js';
import { DigitalSignageDevice } from './digital-signage-device.entity.js';
import { DigitalSignageSegment } from './digital-signage-segment.entity.js';
import { DigitalSignageStream, DigitalSignageStreamItem } from './digital-signage-stream.entity.js';

/** Video types a signage segment plays: MP4 and WebM (MPEG-1/2 plays in no browser). */
export const SIGNAGE_VIDEO_TYPES = ['video/mp4', 'video/webm'];

/**
 * What a stream's files may weigh together: a TV keeps every file of its stream in its cache to play
 * offline (docs/decisions/signage.md), and a TV stick's browser reliably holds a few hundred MB.
 */
export const MAX_STREAM_BYTES = 250 * 1024 * 1024;

/** The bytes of a segment's file (a template's render is small and not counted). */
const fileOf = (segment: DigitalSignageSegment) =>
  segment.type === 'image' && segment.image
    ? { key: `image-${segment.image.id}`, size: segment.image.size }
    : segment.type === 'video' && segment.video
      ? { key: `video-${segment.video.id}`, size: segment.video.size }
      : null;

/**
 * Refuses a stream whose files together exceed {@link MAX_STREAM_BYTES} (a file used by several segments
 * counts once, as the TV stores it once), in German on `field`. `changed` stands for its stored row.
 */
async function assertStreamFits(
  em: EntityManager,
  segmentIds: number[],
  field: string,
  changed?: DigitalSignageSegment,
): Promise<void> {
  const ids = [...new Set(segmentIds)].filter((id) => id !== changed?.id);
  const segments = ids.length
    ? await em.find(DigitalSignageSegment, {
        where: { id: In(ids) },
        relations: { image: true, video: true },
      })
    : [];
  const files = new Map<string, number>();
  for (const segment of changed ? [...segments, changed] : segments) {
    const file = fileOf(segment);
    if (file) files.set(file.key, file.size);
  }
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  if (total > MAX_STREAM_BYTES)
    throw new DomainError(
      'validation',
      `Die Dateien des Streams sind zusammen ${formatBytes(total)} groß, höchstens ${formatBytes(MAX_STREAM_BYTES)} sind möglich: ein Bildschirm speichert alle Dateien seines Streams, um auch ohne Verbindung zu spielen.`,
      field,
    );
}

export const segmentResource = defineResource({
  path: 'digital-signage-segments',
  entity: DigitalSignageSegment,
  names: ENTITY_NAMES['digital-signage-segments'],
  input: signageSegmentInput,
  read: 'signage:read',
  write: 'signage:write',
  relations: ['image', 'video', 'template', 'templateProduct', 'templateBranch'],
  filters: {
    type: { type: 'string' },
    isEnabled: { type: 'boolean' },
  },
  searchable: ['name'],
  sortable: ['name', 'type', 'validFrom', 'validUntil'],
  defaultSort: 'name',
  trackVersion: false,
  assign: async (em, segment) => {
    if (segment.type !== 'template') {
      segment.template = null;
      segment.templateProduct = null;
      segment.templateBranch = null;
      segment.templateText = '';
    }
    if (segment.type === 'image') {
      if (!segment.image) throw new DomainError('validation', t('validation.blank'), 'image');
      if (segment.duration === null) throw new DomainError('validation', t('validation.blank'), 'duration');
      segment.video = null;
    } else if (segment.type === 'template') {
      if (!segment.template) throw new DomainError('validation', t('validation.blank'), 'template');
      // The TV fetches the render without a sign-in, which only a published template allows.
      if (!segment.template.isPublished)
        throw new DomainError(
          'validation',
          'Die Bildvorlage ist nicht veröffentlicht: ein Bildschirm kann nur veröffentlichte Vorlagen zeigen.',
          'template',
        );
      if (segment.duration === null) throw new DomainError('validation', t('validation.blank'), 'duration');
      segment.image = null;
      segment.video = null;
    } else {
      if (!segment.video) throw new DomainError('validation', t('validation.blank'), 'video');
      // Only what every player's browser plays (the upload's type is the one its content showed).
      if (!SIGNAGE_VIDEO_TYPES.includes(segment.video.mimeType)) {
        throw new DomainError(
          'validation',
          t('validation.fileType', { type: segment.video.mimeType, types: SIGNAGE_VIDEO_TYPES.join(', ') }),
          'video',
        );
      }
      segment.image = null;
    }
    assertAfter(segment.validFrom, segment.validUntil, 'validUntil');
    // A bigger file must still fit every stream that plays the segment.
    if (segment.id) {
      const items = await em.find(DigitalSignageStreamItem, {
        where: { segmentId: segment.id },
        relations: { stream: true },
      });
      for (const streamId of new Set(items.map((item) => item.stream.id))) {
        const others = await em.find(DigitalSignageStreamItem, { where: { stream: { id: streamId } } });
        await assertStreamFits(
          em,
          others.map((item) => item.segmentId),
          segment.type === 'video' ? 'video' : 'image',
          segment,
        );
      }
    }
  },
  beforeDelete: async (em, segment) => {
    if (await em.existsBy(DigitalSignageStreamItem, { segmentId: segment.id })) {
      throw new DomainError('conflict', 'Die Filmsequenz wird noch in einem Stream verwendet.');
    }
  },
  toJson: (segment) => ({
    id: segment.id,
    createdAt: segment.createdAt,
    updatedAt: segment.updatedAt,
    name: segment.name,
    type: segment.type,
    image: segment.image ? imageJson(segment.image) : null,
    video: segment.video
      ? {
          id: segment.video.id,
          version: segment.video.version,
          extension: segment.video.extension,
          publicHash: segment.video.publicHash,
        }
      : null,
    template: segment.template
      ? { id: segment.template.id, name: segment.template.name, isPublished: segment.template.isPublished }
      : null,
    templateProduct: segment.templateProduct
      ? { id: segment.templateProduct.id, name: segment.templateProduct.name }
      : null,
    templateBranch: segment.templateBranch
      ? { id: segment.templateBranch.id, name: segment.templateBranch.name }
      : null,
    templateText: segment.templateText,
    duration: segment.duration,
    validFrom: segment.validFrom,
    validUntil: segment.validUntil,
    isEnabled: segment.isEnabled,
  }),
});

export const streamResource = defineResource({
  path: 'digital-signage-streams',
  entity: DigitalSignageStream,
  names: ENTITY_NAMES['digital-signage-streams'],
  input: signageStreamInput,
  read: 'signage:read',
  write: 'signage:write',
  children: ['items'],
  searchable: ['name', 'identifier'],
  sortable: ['name', 'identifier'],
  defaultSort: 'name',
  unique: ['identifier'],
  trackVersion: false,
  assign: async (em, stream, input) => {
    const ids = [...new Set(input.segments.map((s) => s.id))];
    const found = ids.length ? await em.countBy(DigitalSignageSegment, { id: In(ids) }) : 0;
    if (found !== ids.length)
      throw new DomainError('validation', 'Ein ausgewählter Eintrag existiert nicht.', 'segments');
    await assertStreamFits(em, ids, 'segments');
    stream.items = input.segments.map((s, position) =>
      em.create(DigitalSignageStreamItem, {
        position,
        segmentId: s.id,
        segment: { id: s.id } as DigitalSignageSegment,
      }),
    );
  },
  toJson: (stream) => ({
    id: stream.id,
    createdAt: stream.createdAt,
    updatedAt: stream.updatedAt,
    name: stream.name,
    identifier: stream.identifier,
    segments: [...(stream.items ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((i) => ({ id: i.segmentId })),
    loop: stream.loop,
  }),
});

export const signageDeviceResource = defineResource({
  path: 'digital-signage-devices',
  entity: DigitalSignageDevice,
  names: ENTITY_NAMES['digital-signage-devices'],
  input: signageDeviceInput,
  read: 'signage:read',
  write: 'signage:write',
  relations: ['branch', 'stream'],
  branchScope: 'branch',
  filters: {
    branch: { type: 'number' },
    stream: { type: 'number' },
  },
  searchable: ['identifier', 'name'],
  sortable: ['identifier', 'name', 'lastSeenAt'],
  defaultSort: 'identifier',
  unique: ['identifier'],
  trackVersion: false,
  toJson: (tv) => ({
    id: tv.id,
    createdAt: tv.createdAt,
    updatedAt: tv.updatedAt,
    identifier: tv.identifier,
    name: tv.name,
    branch: tv.branch ? { id: tv.branch.id } : null,
    stream: tv.stream ? { id: tv.stream.id } : null,
    orientation: tv.orientation,
    resolution: tv.resolution,
    lastSeenAt: tv.lastSeenAt,
    // The key is shown once (POST …/api-key, inside the player URL); afterwards only this mask.
    apiKeyHint: maskedKey(tv.apiKeyHint),
    // Online while the player's heartbeats (every 30 s) come; what it plays, its cache and errors.
    connection: isOnline(tv.lastSeenAt, deviceNow()) ? 'online' : 'offline',
    playerState: tv.playerState,
    // A screenshot on request (docs/decisions/signage.md): the picture is at …/screenshot.
    screenshotRequestedAt: tv.screenshotRequestedAt,
    screenshotTakenAt: tv.screenshotTakenAt,
  }),
});
