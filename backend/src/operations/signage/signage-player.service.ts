import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  SIGNAGE_SCREENSHOT_MAX_BYTES,
  type SignageHeartbeatAnswer,
  type SignageManifest,
  type SignageManifestSegment,
  type SignagePlayerState,
  type TemplateBindings,
} from '@ordering/common';
import { signageHeartbeatInput } from '@ordering/common/schemas';
import type { EntityManager } from 'typeorm';
import { deviceOfKey, hashDeviceKey } from '../../auth/device-authenticator.js';
import { isKeyShaped, secretsEqual } from '../../auth/secrets.js';
import { Clock } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { EventBus } from '../../core/events.js';
import { HTTP_MESSAGES } from '../../core/messages.js';
import type { RequestContext } from '../../core/request-context.js';
import { TransactionalConnection } from '../../core/transaction.js';
import { parseInput } from '../../core/validation.js';
import { parseDataUrl } from '../../media/data-url.js';
import { sniffFileType } from '../../media/file-type.js';
import { renderHash } from '../../media/template-renderer.js';
import { maskedKey } from '../../core/device-presence.js';
import { DigitalSignageDevice } from './digital-signage-device.entity.js';
import { DigitalSignageStream } from './digital-signage-stream.entity.js';
import type { DigitalSignageSegment } from './digital-signage-segment.entity.js';

/** The one answer for an unknown TV and a wrong key: nobody learns which identifiers exist. */
const NOT_FOUND = 'Bildschirm wurde nicht gefunden.';

/** The player page of a TV (key in the path, like the other screens with their key in the address). */
export const playerPath = (identifier: string, key: string) =>
  `/signage/${encodeURIComponent(identifier)}/${encodeURIComponent(key)}`;

const fileUrl = (s: DigitalSignageSegment) =>
  s.type === 'image'
    ? `/image/${s.image!.id}-${s.image!.version}.${s.image!.extension}`
    : `/upload/${s.video!.publicHash}/${s.video!.id}-${s.video!.version}.${s.video!.extension}`;

/** Whether the player can fetch the segment's file: a published template, an image, a video. */
const playable = (s: DigitalSignageSegment) =>
  s.type === 'template' ? !!s.template?.isPublished : s.type === 'image' ? !!s.image : !!s.video;

/**
 * A template segment as the player sees it: an image whose URL is the template's public render with the
 * segment's variables, and whose hash is the render's content hash (known without rendering), so a changed
 * price, name or layer is a new file to the player's cache while the URL stays.
 */
function templateFile(s: DigitalSignageSegment): { url: string; hash: string } {
  const template = s.template!;
  const query = new URLSearchParams();
  if (s.templateProduct) query.set('product', String(s.templateProduct.id));
  if (s.templateBranch) query.set('branch', String(s.templateBranch.id));
  if (s.templateText) query.set('text', s.templateText);
  const search = query.toString();
  const layers = [...(template.layerRows ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
  const bindings: TemplateBindings = {
    product: s.templateProduct ? { name: s.templateProduct.name, price: s.templateProduct.price } : null,
    branch: s.templateBranch ? { name: s.templateBranch.name } : null,
    text: s.templateText || null,
  };
  return {
    url: `/api/image-templates/${template.id}/render.png${search ? `?${search}` : ''}`,
    hash: renderHash({ template, layers, bindings }, 'png'),
  };
}

const shortHash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 27);

/**
 * The TV's player (docs/decisions/signage.md): its key, its manifest and its heartbeat. The key is stored
 * as its sha256 only; a paired desktop terminal of type `signage` whose settings name the TV plays it with
 * its own device key.
 */
@Injectable()
export class SignagePlayerService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** A new key for the TV (the old one stops at once); the key and the player URL are shown only now. */
  async issueKey(ctx: RequestContext, id: number): Promise<{ key: string; url: string; apiKeyHint: string }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const tv = await em.findOne(DigitalSignageDevice, { where: { id }, relations: { branch: true } });
      if (!tv) throw new DomainError('not_found', 'Bildschirm wurde nicht gefunden.');
      if (!ctx.mayAccessBranch(tv.branch?.id)) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
      const key = randomBytes(24).toString('hex');
      const hint = key.slice(-4);
      await em.update(DigitalSignageDevice, { id }, { apiKeyHash: hashDeviceKey(key), apiKeyHint: hint });
      await this.events.publish(ctx, 'entity.updated', {
        entityType: 'digital-signage-devices',
        entityId: id,
        changes: { apiKeyHint: { from: maskedKey(tv.apiKeyHint), to: maskedKey(hint) } },
        // A key is no public data: no collection version.
        trackVersion: false,
      });
      return { key, url: playerPath(tv.identifier, key), apiKeyHint: maskedKey(hint)! };
    });
  }

  /** The TV whose identifier and key these are; an unknown TV and a wrong key are the same 404. */
  async tvOf(em: EntityManager, identifier: string, key: string): Promise<DigitalSignageDevice> {
    const valid = isKeyShaped(key) && identifier.length > 0 && identifier.length <= 100;
    const tv = valid
      ? await em.findOne(DigitalSignageDevice, {
          where: { identifier },
          select: {
            id: true,
            identifier: true,
            name: true,
            orientation: true,
            resolution: true,
            apiKeyHash: true,
            stream: { id: true },
          },
          relations: { stream: true },
        })
      : null;
    if (tv) {
      if (tv.apiKeyHash && secretsEqual(hashDeviceKey(key), tv.apiKeyHash)) return tv;
      const terminal = await deviceOfKey(em, key);
      if (terminal?.type === 'signage' && Number(terminal.settings.tv) === tv.id) return tv;
    }
    throw new DomainError('not_found', NOT_FOUND);
  }

  /**
   * The TV's stream as the player plays it: enabled segments with a file, in play order, except those whose
   * validity ended already (the player skips the others by its own clock, so a segment that starts tonight
   * plays tonight even offline).
   */
  async manifest(ctx: RequestContext, identifier: string, key: string): Promise<SignageManifest> {
    const em = this.connection.manager(ctx);
    const tv = await this.tvOf(em, identifier, key);
    const stream = tv.stream
      ? await em.findOne(DigitalSignageStream, {
          where: { id: tv.stream.id },
          relations: {
            items: {
              segment: {
                image: true,
                video: true,
                template: { layerRows: { font: { upload: true }, image: true } },
                templateProduct: true,
                templateBranch: true,
              },
            },
          },
        })
      : null;
    const now = this.clock.now();
    const segments: SignageManifestSegment[] = stream
      ? [...stream.items]
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map((item) => item.segment)
          .filter((s) => s.isEnabled && (!s.validUntil || s.validUntil > now) && playable(s))
          .map((s, position) => {
            const file =
              s.type === 'template'
                ? templateFile(s)
                : {
                    url: fileUrl(s),
                    hash: shortHash(`${fileUrl(s)}|${s.type === 'image' ? s.image!.size : s.video!.size}`),
                  };
            return {
              id: s.id,
              position,
              type: s.type === 'video' ? ('video' as const) : ('image' as const),
              name: s.name,
              url: file.url,
              duration: s.duration,
              validFrom: s.validFrom ? s.validFrom.toISOString() : null,
              validUntil: s.validUntil ? s.validUntil.toISOString() : null,
              hash: file.hash,
            };
          })
      : [];
    const [width, height] = tv.resolution.split('x').map(Number);
    const body = {
      tv: {
        identifier: tv.identifier,
        name: tv.name,
        orientation: tv.orientation,
        width: width || 1920,
        height: height || 1080,
      },
      stream: stream ? { id: stream.id, name: stream.name } : null,
      loop: stream?.loop ?? true,
      segments,
    };
    return { ...body, version: shortHash(JSON.stringify(body)) };
  }

  /**
   * The player's heartbeat: the TV is online from now, and the back office sees what it reported. The
   * answer says whether the back office waits for a screenshot.
   */
  async heartbeat(
    ctx: RequestContext,
    identifier: string,
    key: string,
    input: unknown,
  ): Promise<SignageHeartbeatAnswer> {
    const state: SignagePlayerState = parseInput(signageHeartbeatInput, input ?? {});
    return this.connection.withTransaction(ctx, async (em) => {
      const tv = await this.tvOf(em, identifier, key);
      const now = this.clock.now();
      await em.update(DigitalSignageDevice, { id: tv.id }, { lastSeenAt: now, playerState: state });
      const { screenshotRequestedAt } = await em.findOneOrFail(DigitalSignageDevice, {
        where: { id: tv.id },
        select: { id: true, screenshotRequestedAt: true },
      });
      return { lastSeenAt: now.toISOString(), screenshotWanted: screenshotRequestedAt !== null };
    });
  }

  /** The back office asks the TV for a screenshot; its player sends one after its next heartbeat. */
  async requestScreenshot(ctx: RequestContext, id: number): Promise<{ screenshotRequestedAt: Date }> {
    return this.connection.withTransaction(ctx, async (em) => {
      await this.tvInScope(ctx, em, id);
      const now = this.clock.now();
      await em.update(DigitalSignageDevice, { id }, { screenshotRequestedAt: now });
      return { screenshotRequestedAt: now };
    });
  }

  /**
   * The player's screenshot (`{ data: "data:image/jpeg;base64,…" }`): JPEG or PNG by its content, at most
   * {@link SIGNAGE_SCREENSHOT_MAX_BYTES}. It replaces the TV's previous one and clears the request.
   */
  async receiveScreenshot(
    ctx: RequestContext,
    identifier: string,
    key: string,
    input: unknown,
  ): Promise<{ screenshotTakenAt: Date }> {
    const data = input && typeof input === 'object' ? (input as { data?: unknown }).data : undefined;
    const file = parseDataUrl(data, SIGNAGE_SCREENSHOT_MAX_BYTES);
    const type = sniffFileType(file.content)?.mimeType;
    if (type !== 'image/jpeg' && type !== 'image/png')
      throw new DomainError('validation', 'Das Bildschirmfoto muss ein JPEG- oder PNG-Bild sein.', 'data');
    return this.connection.withTransaction(ctx, async (em) => {
      const tv = await this.tvOf(em, identifier, key);
      const now = this.clock.now();
      await em.update(
        DigitalSignageDevice,
        { id: tv.id },
        {
          screenshot: file.content,
          screenshotType: type,
          screenshotTakenAt: now,
          screenshotRequestedAt: null,
        },
      );
      return { screenshotTakenAt: now };
    });
  }

  /** The TV's newest screenshot for the back office; 404 when it has none. */
  async screenshot(
    ctx: RequestContext,
    id: number,
  ): Promise<{ type: string; content: Buffer; takenAt: Date }> {
    const em = this.connection.manager(ctx);
    await this.tvInScope(ctx, em, id);
    const tv = await em.findOne(DigitalSignageDevice, {
      where: { id },
      select: { id: true, screenshot: true, screenshotType: true, screenshotTakenAt: true },
    });
    if (!tv?.screenshot || !tv.screenshotType || !tv.screenshotTakenAt)
      throw new DomainError('not_found', 'Für diesen Bildschirm gibt es noch kein Bildschirmfoto.');
    return { type: tv.screenshotType, content: tv.screenshot, takenAt: tv.screenshotTakenAt };
  }

  /** The TV of a back-office route, if the caller may see its branch. */
  private async tvInScope(ctx: RequestContext, em: EntityManager, id: number): Promise<DigitalSignageDevice> {
    const tv = await em.findOne(DigitalSignageDevice, { where: { id }, relations: { branch: true } });
    if (!tv) throw new DomainError('not_found', NOT_FOUND);
    if (!ctx.mayAccessBranch(tv.branch?.id)) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return tv;
  }
}
