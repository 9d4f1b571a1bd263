/**
 * `@ordering/common/schemas`: the input shapes (zod) of the back-office entities, their German field labels
 * and the roles table: read by the API's validation and by the back office's forms. A subpath of its own
 * so that the storefront, which imports `@ordering/common`, never bundles zod.
 *
 * @packageDocumentation
 */
import { z } from 'zod';
import { shopConfigInput } from './config.js';
import { blockInput, donateeInput, navigationInput, siteInput } from './content.js';
import { categoryInput, menuInput, optionGroupInput, productInput } from './catalog.js';
import type { LabelledCollection } from './labels.js';
import { fontInput, imageInput, imageTemplateInput, uploadInput } from './media.js';
import {
  deviceInput,
  projectInput,
  signageDeviceInput,
  signageSegmentInput,
  signageStreamInput,
  taskInput,
  workingActivityInput,
  workingScheduleInput,
  preparationStationInput,
} from './operations.js';
import {
  branchInput,
  departmentInput,
  divisionInput,
  tableInput,
  tagInput,
  userInput,
} from './organisation.js';

export * from './blocks.js';
export * from './catalog.js';
export * from './config.js';
export * from './content.js';
export * from './fields.js';
export * from './labels.js';
export * from './media.js';
export * from './operations.js';
export * from './organisation.js';
export * from './roles.js';
export * from './settings.js';

/** The input schema of every back-office collection, as POST and PUT take it. */
export const ENTITY_INPUTS = {
  users: userInput,
  divisions: divisionInput,
  branches: branchInput,
  departments: departmentInput,
  menus: menuInput,
  categories: categoryInput,
  tags: tagInput,
  products: productInput,
  'option-groups': optionGroupInput,
  tables: tableInput,
  devices: deviceInput,
  images: imageInput,
  'image-templates': imageTemplateInput,
  uploads: uploadInput,
  sites: siteInput,
  blocks: blockInput,
  navigations: navigationInput,
  donatees: donateeInput,
  'working-activities': workingActivityInput,
  'working-schedules': workingScheduleInput,
  projects: projectInput,
  tasks: taskInput,
  'digital-signage-segments': signageSegmentInput,
  'digital-signage-streams': signageStreamInput,
  'digital-signage-devices': signageDeviceInput,
  fonts: fontInput,
  'preparation-stations': preparationStationInput,
  config: shopConfigInput,
} as const satisfies Record<LabelledCollection, z.ZodType>;

/** The field names of an input schema (the object's shape, also behind refinements). */
export function inputFields(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}
