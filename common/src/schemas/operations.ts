import './jitless.js';
import { z } from 'zod';
import { fields } from './fields.js';

/** What a desktop device does; decides which settings it has. */
export const DEVICE_TYPES = [
  'frontdesk',
  'kiosk',
  'ticket-screen',
  'printer',
  'backoffice',
  'signage',
  'kitchen-display',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const WORKING_ACTIVITY_TYPES = ['work', 'holiday', 'sick'] as const;
export const PROJECT_STATUSES = ['planned', 'active', 'done', 'cancelled'] as const;
export const TASK_STATUSES = ['open', 'in-progress', 'done'] as const;
/** What a segment shows: an image, a video, or an image template rendered with its variables. */
export const SEGMENT_TYPES = ['image', 'video', 'template'] as const;
export const ORIENTATIONS = ['landscape', 'portrait'] as const;

export const deviceInput = z.object({
  identifier: fields.identifier(),
  name: fields.optionalText(200),
  type: z.enum(DEVICE_TYPES),
  branch: fields.optionalRef(),
  isEnabled: fields.bool(true),
  /** Checked against the settings of the device's type by the API. */
  settings: z
    .looseObject({})
    .nullish()
    .transform((v) => v ?? {}),
});

const pauseSchema = z.object({
  start: fields.dateTime(),
  end: fields.optionalDateTime(),
});

export const workingActivityInput = z.object({
  user: fields.ref(),
  branch: fields.ref(),
  project: fields.optionalRef(),
  task: fields.optionalRef(),
  type: z.enum(WORKING_ACTIVITY_TYPES).default('work'),
  startedAt: fields.dateTime(),
  endedAt: fields.optionalDateTime(),
  pauses: z.array(pauseSchema).max(100).default([]),
  /** Required for holiday and sick leave: whole or half days. */
  days: fields
    .halfDays(0.5, 366)
    .nullish()
    .transform((v) => v ?? null),
  comment: fields.optionalText(2000),
});

export const workingScheduleInput = z.object({
  user: fields.ref(),
  branch: fields.ref(),
  department: fields.optionalRef(),
  startsAt: fields.dateTime(),
  endsAt: fields.dateTime(),
  comment: fields.optionalText(2000),
});

export const projectInput = z.object({
  name: fields.text(200),
  number: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v || null),
  customerName: fields.optionalText(200),
  customerContact: fields.optionalText(200),
  street: fields.optionalText(200),
  zipCode: fields.optionalText(20),
  city: fields.optionalText(100),
  status: z.enum(PROJECT_STATUSES).default('planned'),
  startDate: fields.optionalDate(),
  endDate: fields.optionalDate(),
  description: fields.optionalText(20000),
  isEnabled: fields.bool(true),
  branch: fields.optionalRef(),
  division: fields.optionalRef(),
});

export const taskInput = z.object({
  project: fields.ref(),
  name: fields.text(200),
  description: fields.optionalText(20000),
  status: z.enum(TASK_STATUSES).optional(),
  /** The contract's flag; used when `status` is not sent. */
  isDone: z.boolean().optional(),
  assignee: fields.optionalRef(),
  dueDate: fields.optionalDate(),
  position: z.number().int().min(0).max(100_000).default(0),
  estimatedHours: z
    .number()
    .min(0)
    .max(99_999)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      message: 'Höchstens zwei Nachkommastellen sind erlaubt.',
    })
    .nullish()
    .transform((v) => v ?? null),
});

export const signageSegmentInput = z.object({
  name: fields.text(200),
  type: z.enum(SEGMENT_TYPES),
  image: fields.optionalRef(),
  video: fields.optionalRef(),
  /** The image template (type template) and what its variables are bound to. */
  template: fields.optionalRef(),
  templateProduct: fields.optionalRef(),
  templateBranch: fields.optionalRef(),
  templateText: fields.optionalText(500),
  /** Seconds; required for images and templates. */
  duration: z
    .number()
    .int()
    .min(1)
    .max(3600)
    .nullish()
    .transform((v) => v ?? null),
  validFrom: fields.optionalDateTime(),
  validUntil: fields.optionalDateTime(),
  isEnabled: fields.bool(true),
});

export const signageStreamInput = z.object({
  name: fields.text(200),
  identifier: fields.identifier(),
  /** Play order; a segment may appear more than once. */
  segments: z.array(fields.ref()).max(500).default([]),
  loop: fields.bool(true),
});

export const signageDeviceInput = z.object({
  identifier: fields.identifier(),
  name: fields.optionalText(200),
  branch: fields.optionalRef(),
  stream: fields.optionalRef(),
  orientation: z.enum(ORIENTATIONS).default('landscape'),
  resolution: z
    .string()
    .trim()
    .regex(/^[1-9]\d{1,4}x[1-9]\d{1,4}$/, {
      message: 'Bitte die Auflösung als BREITExHÖHE angeben, z. B. 1920x1080.',
    })
    .default('1920x1080'),
});

/** What a signage player may say it can do (the heartbeat's `capabilities`). */
export const SIGNAGE_CAPABILITIES = ['screenshot'] as const;

/** `POST /api/signage/{identifier}/{key}/heartbeat`: what the player plays, its cache and its newest errors. */
export const signageHeartbeatInput = z.object({
  current: z
    .object({
      id: z.number().int().positive(),
      position: z.number().int().min(0).max(100_000),
      name: z.string().max(200).default(''),
    })
    .nullish()
    .transform((v) => v ?? null),
  manifestVersion: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  cache: z
    .object({
      cached: z.number().int().min(0).max(100_000),
      total: z.number().int().min(0).max(100_000),
    })
    .default({ cached: 0, total: 0 }),
  errors: z
    .array(
      z.object({
        at: z.string().max(40),
        segmentId: z
          .number()
          .int()
          .positive()
          .nullish()
          .transform((v) => v ?? null),
        message: z.string().max(500),
      }),
    )
    .max(20)
    .default([]),
  playerTime: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => v ?? null),
  /** What the player can do besides playing: `screenshot` in the desktop shell (docs/decisions/signage.md). */
  capabilities: z.array(z.enum(SIGNAGE_CAPABILITIES)).max(10).default([]),
});

/** A preparation station of a branch (docs/decisions/kitchen.md). */
export const preparationStationInput = z.object({
  branch: fields.ref(),
  name: z.string().trim().min(1).max(100),
  categories: fields.refs(),
  products: fields.refs(),
  /** The expeditor ("Pass") sees every item of every order. */
  isExpeditor: z.boolean().default(false),
  position: z.number().int().min(0).max(10_000).default(0),
});

/** Limits of a branch's kitchen stages (2 to 6 names, each at most 40 characters, no name twice). */
export const KITCHEN_STAGES_MIN = 2;
export const KITCHEN_STAGES_MAX = 6;
export const KITCHEN_STAGE_NAME_MAX = 40;

/** A branch's kitchen settings (`PUT /api/kitchen/{branchId}/settings`). */
export const kitchenSettingsInput = z
  .object({
    stages: z.array(z.string().trim().min(1).max(KITCHEN_STAGE_NAME_MAX)).superRefine((stages, ctx) => {
      // The last stage takes a ticket off the display, so a kitchen needs one before it to work in.
      if (stages.length < KITCHEN_STAGES_MIN)
        ctx.addIssue({
          code: 'custom',
          message: `Bitte mindestens ${KITCHEN_STAGES_MIN} Stufen angeben: die letzte nimmt den Bon vom Display.`,
        });
      if (stages.length > KITCHEN_STAGES_MAX)
        ctx.addIssue({ code: 'custom', message: `Höchstens ${KITCHEN_STAGES_MAX} Stufen sind möglich.` });
      const seen = new Set<string>();
      stages.forEach((name, index) => {
        const key = name.trim().toLocaleLowerCase('de');
        if (key && seen.has(key))
          ctx.addIssue({
            code: 'custom',
            message: `Die Stufe „${name.trim()}“ gibt es schon.`,
            path: [index],
          });
        seen.add(key);
      });
    }),
    warnMinutes: z.number().int().min(1).max(600),
    lateMinutes: z.number().int().min(1).max(600),
    readyWhenDone: z.boolean(),
  })
  .refine((s) => s.lateMinutes > s.warnMinutes, {
    message: 'Die Minuten für Rot müssen größer sein als die für Gelb.',
    path: ['lateMinutes'],
  });
