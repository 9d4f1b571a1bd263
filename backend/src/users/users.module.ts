import { Module } from '@nestjs/common';
import { UsersController, UsersCrudController } from './users.controller.js';
import { UsersService } from './users.service.js';

/** User accounts under /api/users. */
@Module({ controllers: [UsersController, UsersCrudController], providers: [UsersService] })
export class UsersModule {}
