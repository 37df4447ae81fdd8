import type { Methods } from '@portal/contract';
import { authHandlers } from '../modules/auth/handlers.js';
import { siteHandlers } from '../modules/site/handlers.js';
import { contentHandlers } from '../modules/content/handlers.js';
import { usersHandlers } from '../modules/users/handlers.js';
import { filesHandlers } from '../modules/files/handlers.js';
import { returnsHandlers } from '../modules/returns/handlers.js';
import { wishesHandlers } from '../modules/wishes/handlers.js';
import { formsHandlers } from '../modules/forms/handlers.js';
import { formAdminHandlers } from '../modules/forms/admin.js';
import { noticesHandlers } from '../modules/notices/handlers.js';
import { mailingHandlers } from '../modules/mailing/handlers.js';
import { catalogHandlers } from '../modules/catalog/handlers.js';
import { counterpartyHandlers } from '../modules/companies/handlers.js';
import { basketHandlers } from '../modules/baskets/handlers.js';
import { orderHandlers } from '../modules/orders/handlers.js';
import { catalogOrderHandlers } from '../modules/orders/catalog-handlers.js';
import { noticeSettingsHandlers } from '../modules/notices/settings-handlers.js';
import { exchangeHandlers } from '../modules/exchange/handlers.js';
import { siteAdminHandlers } from '../modules/site/admin.js';
import { contentAdminHandlers } from '../modules/content/admin.js';
import { auditHandlers } from '../modules/audit/handlers.js';
import { deskOrderHandlers } from '../modules/orders/desk-handlers.js';
import { deskHandlers } from '../modules/desk/handlers.js';
import { accountHandlers } from '../modules/account/handlers.js';
import { partsHandlers } from '../modules/parts/handlers.js';
import { alternativeHandlers } from '../modules/parts/alternative-handlers.js';
import { arrivalHandlers } from '../modules/parts/arrival-handlers.js';
import { priceListHandlers } from '../modules/pricelists/index.js';
import { keysHandlers } from '../modules/keys/index.js';
import { machinesHandlers } from '../modules/machines/index.js';
import { webhooksHandlers } from '../modules/webhooks/index.js';
import { telegramHandlers } from '../modules/telegram/index.js';
import { managerHandlers } from '../modules/users/manager-handlers.js';
import type { Handlers } from './context.js';

/**
 * Every method of the contract bound to its handler, once. The type makes a missing or extra handler a
 * compile error.
 */
export const handlers: Handlers<Methods> = {
  ...siteHandlers,
  ...authHandlers,
  ...contentHandlers,
  ...usersHandlers,
  ...filesHandlers,
  ...returnsHandlers,
  ...wishesHandlers,
  ...formsHandlers,
  ...noticesHandlers,
  ...mailingHandlers,
  ...catalogHandlers,
  ...counterpartyHandlers,
  ...basketHandlers,
  ...orderHandlers,
  ...catalogOrderHandlers,
  ...noticeSettingsHandlers,
  ...exchangeHandlers,
  ...siteAdminHandlers,
  ...contentAdminHandlers,
  ...formAdminHandlers,
  ...auditHandlers,
  ...deskOrderHandlers,
  ...deskHandlers,
  ...accountHandlers,
  ...partsHandlers,
  ...alternativeHandlers,
  ...arrivalHandlers,
  ...keysHandlers,
  ...machinesHandlers,
  ...priceListHandlers,
  ...webhooksHandlers,
  ...telegramHandlers,
  ...managerHandlers,
};
