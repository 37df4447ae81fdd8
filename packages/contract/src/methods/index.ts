import { authMethods } from './auth.js';
import { siteMethods } from './site.js';
import { contentMethods } from './content.js';
import { usersMethods } from './users.js';
import { filesMethods } from './files.js';
import { returnsMethods } from './returns.js';
import { wishesMethods } from './wishes.js';
import { formsMethods } from './forms.js';
import { noticesMethods } from './notices.js';
import { mailingMethods } from './mailing.js';
import { catalogMethods } from './catalog.js';
import { counterpartyMethods } from './companies.js';
import { basketMethods } from './baskets.js';
import { orderMethods } from './orders.js';
import { exchangeMethods } from './exchange.js';
import { noticeSettingsMethods } from './notice-settings.js';
import { siteAdminMethods } from './site-admin.js';
import { contentAdminMethods } from './content-admin.js';
import { auditMethods } from './audit.js';
import { deskMethods } from './desk.js';
import { accountMethods } from './account.js';
import { alternativeMethods, arrivalMethods, partsMethods } from './parts.js';
import { apiKeysMethods } from './api-keys.js';
import { priceListMethods } from './price-lists.js';
import { machineMethods } from './machines.js';
import { webhooksMethods } from './webhooks.js';
import { telegramMethods } from './telegram.js';
import { managerMethods } from './managers.js';

/**
 * Every /rest/ method of the portal, keyed by its wire name. Each domain declares its methods in its own
 * file; this table is the one place they are joined, and the server must bind a handler to each.
 */
export const methods = {
  ...siteMethods,
  ...authMethods,
  ...contentMethods,
  ...usersMethods,
  ...filesMethods,
  ...returnsMethods,
  ...wishesMethods,
  ...formsMethods,
  ...noticesMethods,
  ...mailingMethods,
  ...catalogMethods,
  ...counterpartyMethods,
  ...basketMethods,
  ...orderMethods,
  ...exchangeMethods,
  ...noticeSettingsMethods,
  ...siteAdminMethods,
  ...contentAdminMethods,
  ...auditMethods,
  ...deskMethods,
  ...accountMethods,
  ...partsMethods,
  ...alternativeMethods,
  ...arrivalMethods,
  ...apiKeysMethods,
  ...priceListMethods,
  ...machineMethods,
  ...webhooksMethods,
  ...telegramMethods,
  ...managerMethods,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
