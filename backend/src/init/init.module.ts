import { Module } from '@nestjs/common';
import { ShopConfigModule } from '../config/shop-config.module.js';
import { InitController } from './init.controller.js';
import { InitService } from './init.service.js';

/** `GET /api/init`. */
@Module({ imports: [ShopConfigModule], controllers: [InitController], providers: [InitService] })
export class InitModule {}
