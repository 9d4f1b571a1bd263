import { Module } from '@nestjs/common';

/** Content: its resources and routes (see the entity group `content`). */
@Module({ imports: [], controllers: [], providers: [] })
export class ContentModule {}
