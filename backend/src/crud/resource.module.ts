import { type DynamicModule, Module } from '@nestjs/common';
import type { ResourceDefinition } from './resource.js';
import { crudController } from './crud.controller.js';

/** A module serving the CRUD routes of the given resources. */
@Module({})
export class ResourceModule {
  static for(name: string, resources: ResourceDefinition<any, any>[]): DynamicModule {
    const mod = class {};
    Object.defineProperty(mod, 'name', { value: `${name}ResourceModule` });
    Module({})(mod);
    return { module: mod, controllers: resources.map((r) => crudController(r)) };
  }
}
