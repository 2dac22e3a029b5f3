import type { ShippedTranslation } from './translate-catalog';
import { announcementsSpanish } from './announcements';
import { assetImportSpanish } from './asset-import';
import { assetsSpanish } from './assets';
import { componentsManageSpanish } from './components-manage';
import { loginSpanish } from './login';
import { profileSpanish } from './profile';
import { shellSpanish } from './shell';

/** The Spanish ('es') captions Hasp ships: the login, the shell, the announcements, the profile, Asset Manage, Component Manage and Import Manage. */
export const spanishTranslations: ShippedTranslation[] = [
  ...loginSpanish,
  ...shellSpanish,
  ...announcementsSpanish,
  ...profileSpanish,
  ...componentsManageSpanish,
  ...assetImportSpanish,
  ...assetsSpanish,
];
