import { Module } from '@nestjs/common';

/** Catalog: its resources and routes (see the entity group `catalog`). */
@Module({ imports: [], controllers: [], providers: [] })
export class CatalogModule {}
