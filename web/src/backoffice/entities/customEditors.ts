import { DevicePairingEditor } from '../devices/DevicePairingEditor';
import { DeviceSettingsEditor } from '../devices/DeviceSettingsEditor';
import { SignagePlayerPanel } from '../devices/SignagePlayerPanel';
import { TimeClockPinEditor } from '../timeclock/TimeClockPinEditor';
import { lazyEditor } from '../editors/lazyEditor';
import type { CustomEditor } from '../editors/types';

/**
 * Every special editor by the key an entity description names it with (see ../editors/types.ts). The
 * registry sits here, above `editors/`, `devices/` and `timeclock/`, because it gathers editors from all
 * three. Each is its own chunk (drag and drop, QR codes), loaded when a form shows it.
 *
 * | key             | entity field(s)                                                           |
 * | --------------- | ------------------------------------------------------------------------- |
 * | `openingHours`  | branch `openingHours` and `deliveryHours`                                 |
 * | `schedule`      | product and category `schedule` (the same rules; empty = always available) |
 * | `deliveryAreas` | branch `deliveryAreas`                                                    |
 * | `branchTables`  | branch: its tables (`/api/tables`) with QR codes; a virtual field          |
 * | `tableQr`       | table `identifier`, with the table's QR code to print                     |
 * | `siteContent`   | site `content`: the blocks of a custom site with a live preview; the HTML body |
 * | `blockContent`  | block `content`: the fields of its type, image pickers, live preview        |
 * | `allergenCodes` | product `allergenCodes`: the 14 EU allergens as checkboxes with their letters |
 * | `productParts`  | product `config` (`{ parts }`), with the live price preview                |
 * | `optionGroupPart` | option group `part`: the same parts editor for its one part             |
 * | `productUnits`  | product `alternativeUnits`, with the price per unit                       |
 * | `menuCatalog`   | menu `catalog` (categories and their products)                           |
 * | `placements`    | product `placements`: its menus and their categories (virtual on the server) |
 * | `navigationTree` | navigation `items` (the tree)                                           |
 * | `upload`        | upload `data` (the file as a data URL, on create)                         |
 * | `imageUpload`   | image `data` (the picture as a data URL, on create)                       |
 * | `imagePicker`   | every `image` field (branch header image and logo, tag, product …): by thumbnail |
 * | `imageListPicker` | every `images` field (branch, product): thumbnails, add, reorder, remove |
 * | `deviceSettings` | device `settings` (printer, mode, TV), with pairing and device commands |
 * | `imageLayers`   | image template `layers`: the layer editor (canvas, lazy chunk with Konva)  |
 * | `timeClockPin`  | user: the PIN for the time clock (`PUT /api/time-tracking/pins/{id}`); virtual |
 * | `signagePlayer` | TV: player state, player address with QR code (`POST …/api-key`); virtual  |
 */
export const customEditors: Record<string, CustomEditor<never>> = {
  devicePairing: DevicePairingEditor,
  timeClockPin: TimeClockPinEditor,
  signagePlayer: SignagePlayerPanel as CustomEditor<never>,
  deviceSettings: DeviceSettingsEditor as CustomEditor<never>,
  openingHours: lazyEditor(() =>
    import('../editors/hours/OpeningHoursEditor').then((m) => m.OpeningHoursEditor),
  ),
  schedule: lazyEditor(() => import('../editors/hours/OpeningHoursEditor').then((m) => m.ScheduleEditor)),
  deliveryAreas: lazyEditor(() =>
    import('../editors/areas/DeliveryAreasEditor').then((m) => m.DeliveryAreasEditor),
  ),
  branchTables: lazyEditor(() => import('../editors/tables/TablesQrEditor').then((m) => m.TablesQrEditor)),
  tableQr: lazyEditor(() => import('../editors/tables/TableQrEditor').then((m) => m.TableQrEditor)),
  allergenCodes: lazyEditor(() =>
    import('../editors/allergens/AllergenCodesEditor').then((m) => m.AllergenCodesEditor),
  ),
  productParts: lazyEditor(() =>
    import('../editors/parts/ProductPartsEditor').then((m) => m.ProductPartsEditor),
  ),
  optionGroupPart: lazyEditor(() =>
    import('../editors/parts/ProductPartsEditor').then((m) => m.OptionGroupPartEditor),
  ),
  menuCatalog: lazyEditor(() =>
    import('../editors/catalog/MenuCatalogEditor').then((m) => m.MenuCatalogEditor),
  ),
  placements: lazyEditor(() =>
    import('../editors/placements/PlacementsEditor').then((m) => m.PlacementsEditor),
  ),
  navigationTree: lazyEditor(() =>
    import('../editors/navigation/NavigationTreeEditor').then((m) => m.NavigationTreeEditor),
  ),
  upload: lazyEditor(() => import('../editors/upload/UploadEditor').then((m) => m.UploadEditor)),
  imageUpload: lazyEditor(() => import('../editors/upload/UploadEditor').then((m) => m.ImageUploadEditor)),
  productUnits: lazyEditor(() =>
    import('../editors/parts/AlternativeUnitsEditor').then((m) => m.AlternativeUnitsEditor),
  ),
  siteContent: lazyEditor(() => import('../editors/site/SiteContentEditor').then((m) => m.SiteContentEditor)),
  imagePicker: lazyEditor(() => import('../editors/images/ImageFieldEditor').then((m) => m.ImageFieldEditor)),
  imageListPicker: lazyEditor(() =>
    import('../editors/images/ImageFieldEditor').then((m) => m.ImageListEditor),
  ),
  imageLayers: lazyEditor(() =>
    import('../editors/templates/ImageLayersEditor').then((m) => m.ImageLayersEditor),
  ),
  blockContent: lazyEditor(() =>
    import('../editors/blocks/BlockContentEditor').then((m) => m.BlockContentEditor),
  ),
};
