import { Module } from '@nestjs/common';
import { ShopConfigController } from './shop-config.controller.js';
import { ShopConfigService } from './shop-config.service.js';

/** The shop configuration (`/api/config`). */
@Module({ controllers: [ShopConfigController], providers: [ShopConfigService], exports: [ShopConfigService] })
export class ShopConfigModule {}
