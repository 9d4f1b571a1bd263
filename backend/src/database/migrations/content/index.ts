import { Content1795262122510 } from './1795262122510-content.js';
import { MapStyleUrl1795438788776 } from './1795438788776-map-style-url.js';
export const MIGRATIONS: Function[] = [Content1795262122510, MapStyleUrl1795438788776];
