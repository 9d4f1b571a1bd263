import { Category } from '../../catalog/category.entity.js';
import { Menu, MenuCategory, MenuProduct } from '../../catalog/menu.entity.js';
import { OptionGroup } from '../../catalog/option-group.entity.js';
import { Product } from '../../catalog/product.entity.js';

/** Entities of the catalog group (see ../entities.ts). Tags live in `core` (branches use them too). */
export const CATALOG_ENTITIES: Function[] = [Category, Product, Menu, MenuCategory, MenuProduct, OptionGroup];
