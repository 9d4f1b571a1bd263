import { Module } from '@nestjs/common';
import { ShopConfigModule } from '../config/shop-config.module.js';
import { AppManifestController } from './app-manifest.controller.js';

/** The installable app's manifest and icons, from the shop configuration. */
@Module({ imports: [ShopConfigModule], controllers: [AppManifestController] })
export class AppManifestModule {}
