import type { Entity, IsoDate, IsoDateTime, Ref } from './base.js';
import type { Image, Video } from './media.js';
import type { SignagePlayerState } from './signage.js';

/** An organisation (Organisation) owning branches. */
export interface Division extends Entity {
  /** URL identifier. */
  identifier: string;
  /** Display name. */
  name: string;
}

/** A department (Abteilung) of a branch. */
export interface Department extends Entity {
  /** Display name. */
  name: string;
  /** The branch. */
  branch?: Ref | null;
}

/** A table (Tisch) for dine-in; its identifier is printed in the middle of the table's QR code. */
export interface Table extends Entity {
  /** Identifier shown to customers. */
  identifier: string;
  /** The branch. */
  branch: Ref;
}

/** A desktop device (Gerät): kiosk, front desk or printer terminal. */
export interface Device extends Entity {
  /** Identifier (pairing name). */
  identifier: string;
  /** Display name. */
  name?: string;
  /** Role of the device. */
  type?: 'kiosk' | 'frontdesk' | 'backoffice' | 'printer' | null;
  /** The branch. */
  branch?: Ref | null;
}

/** A donation recipient (Spendenempfänger). */
export interface Donatee extends Entity {
  /** Identifier. */
  identifier: string;
  /** Display name. */
  name: string;
  /** Description. */
  description?: string | null;
  /** Logo. */
  image?: Image | null;
}

/** Role names; `ROLE_EMPLOYEE` is named by the spec, the others are ours. */
export type Role = 'ROLE_EMPLOYEE' | 'ROLE_MANAGER' | 'ROLE_ADMIN' | (string & {});

/** A back-office user (Benutzer). */
export interface User extends Entity {
  /** Login name. */
  username: string;
  /** E-mail. */
  email?: string | null;
  /** First name. */
  firstName?: string | null;
  /** Last name. */
  lastName?: string | null;
  /** Roles. */
  roles: Role[];
  /** Branches the user works for. */
  branches: Ref[];
  /** Can log in. */
  isEnabled?: boolean;
}

/** The logged-in user (`GET /api/users/me`). */
export interface CurrentUser {
  /** Roles. */
  roles: Role[];
  /** The user with its branches. */
  user: User;
}

/** State of a working activity. */
export type WorkingActivityStatus = 'running' | 'paused' | 'ended';

/** A time-tracking activity (Aktivität): start, pauses, end. */
export interface WorkingActivity extends Entity {
  /** Who worked. */
  user: Ref;
  /** Where. */
  branch?: Ref | null;
  /** Project worked on. */
  project?: Ref | null;
  /** Task worked on. */
  task?: Ref | null;
  /** Start (ISO 8601). */
  startedAt: IsoDateTime;
  /** End (ISO 8601), null while running or paused. */
  endedAt?: IsoDateTime | null;
  /** Current state. */
  status: WorkingActivityStatus;
  /** Accumulated pause in minutes. */
  pauseMinutes?: number;
  /** Note. */
  comment?: string | null;
}

/** A planned shift (Planung). */
export interface WorkingSchedule extends Entity {
  /** Who. */
  user: Ref;
  /** Where. */
  branch?: Ref | null;
  /** Start (ISO 8601). */
  startsAt: IsoDateTime;
  /** End (ISO 8601). */
  endsAt: IsoDateTime;
  /** Note. */
  comment?: string | null;
}

/** A project (Projekt) for time tracking. */
export interface Project extends Entity {
  /** Display name. */
  name: string;
  /** Description. */
  description?: string | null;
  /** Switched on. */
  isEnabled?: boolean;
}

/** A task (Aufgabe) of a project. */
export interface Task extends Entity {
  /** Display name. */
  name: string;
  /** Description. */
  description?: string | null;
  /** The project. */
  project: Ref;
  /** Done. */
  isDone?: boolean;
}

/** A holiday balance (Urlaubskonto) of a user for a year. */
export interface HolidayBalance extends Entity {
  /** Whose. */
  user: Ref;
  /** Calendar year. */
  year: number;
  /** Entitled days. */
  days: number;
  /** Days taken. */
  usedDays: number;
}

/** A digital-signage segment (Filmsequenz): one image, video or rendered image template shown for a duration. */
export interface DigitalSignageSegment extends Entity {
  /** Display name. */
  name: string;
  /** Media kind. */
  type: 'image' | 'video' | 'template';
  /** The image (type image). */
  image?: Image | null;
  /** The video (type video). */
  video?: Video | null;
  /** The image template (type template), and the product, branch and free text its variables show. */
  template?: (Ref & { name: string; isPublished: boolean }) | null;
  templateProduct?: (Ref & { name: string }) | null;
  templateBranch?: (Ref & { name: string }) | null;
  templateText?: string;
  /** Display duration in seconds (videos: their length when absent). */
  duration?: number | null;
}

/** A digital-signage stream: an ordered list of segments. */
export interface DigitalSignageStream extends Entity {
  /** Display name. */
  name: string;
  /** Segments in play order. */
  segments: Ref[];
}

/** A signage player (TV). */
export interface DigitalSignageDevice extends Entity {
  /** Identifier (pairing name). */
  identifier: string;
  /** Display name. */
  name?: string;
  /** The stream it plays. */
  stream?: Ref | null;
  /** `landscape` or `portrait`. */
  orientation?: 'landscape' | 'portrait';
  /** Pixels, `WIDTHxHEIGHT`. */
  resolution?: string;
  /** The player's last heartbeat. */
  lastSeenAt?: string | null;
  /** Masked player key (`••••••••abcd`), null before the first key. */
  apiKeyHint?: string | null;
  /** Online while the player's heartbeats come (within 90 s). */
  connection?: 'online' | 'offline';
  /** What the player reported last (current segment, cache, errors). */
  playerState?: SignagePlayerState | null;
}

/** A font (Schriftart) for image templates. */
export interface Font extends Entity {
  /** Font family. */
  family: string;
  /** Variant (`regular`, `700italic` …). */
  variant: string;
}

/** An audit/log entry. */
export interface Log extends Entity {
  /** Severity. */
  level?: 'debug' | 'info' | 'warning' | 'error';
  /** What happened. */
  message: string;
  /** Who did it. */
  user?: Ref | null;
  /** Structured details. */
  context?: Record<string, unknown> | null;
}

/** An image template (Bildvorlage). */
export interface ImageTemplate extends Entity {
  /** Identifier. */
  identifier: string;
  /** Display name. */
  name: string;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
}

/** A layer of an image template (`GET /api/image-templates/{id}/layers`). */
export interface ImageTemplateLayer extends Entity {
  /** The template. */
  imageTemplate: Ref;
  /** Layer kind. */
  type: 'text' | 'image' | 'shape';
  /** Stacking order (0 at the bottom). */
  position: number;
  /** Left edge in pixels. */
  x: number;
  /** Top edge in pixels. */
  y: number;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Text of a text layer. */
  text?: string | null;
  /** Font of a text layer. */
  font?: Ref | null;
  /** Font size in pixels. */
  fontSize?: number | null;
  /** CSS colour. */
  color?: string | null;
  /** Image of an image layer. */
  image?: Image | null;
}

/** Analytics log payload (`POST /api/analytics-log`, only with consent). */
export interface AnalyticsLog {
  /** Event type. */
  type: string;
  /** Action. */
  action: string;
  /** Category. */
  category: string;
  /** Extra data. */
  data?: Record<string, unknown> | null;
}

/** The statistics sets (`GET /api/statistics/{set}?from&to`). */
export const STATISTICS_SETS = [
  'unique-visitors',
  'page-views',
  'pages',
  'events',
  'orders',
  'revenue',
  'canceled-orders',
  'items',
  'popular-items',
  'visitor-times',
  'order-times',
  'working-activities',
  'working-schedules',
  'conversion',
  'order-splits',
] as const;

/** A statistics set name. */
export type StatisticsSet = (typeof STATISTICS_SETS)[number];

/** Query of a statistics call: calendar dates, inclusive. */
export interface StatisticsQuery {
  /** First day. */
  from: IsoDate;
  /** Last day. */
  to: IsoDate;
}
