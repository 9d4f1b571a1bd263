import { Module } from '@nestjs/common';

/** Operations: its resources and routes (see the entity group `operations`). */
@Module({ imports: [], controllers: [], providers: [] })
export class OperationsModule {}
