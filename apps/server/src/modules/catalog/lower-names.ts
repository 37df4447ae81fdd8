import { nameAuditIdsWith } from '../audit/index.js';
import { namePriceTypesWith } from '../auth/index.js';
import { priceTypeNames } from './names.js';
import { paySystemsForSettings, priceTypesForSettings } from './pricing-settings.js';

// auth and audit sit below the catalogue (docs/architecture.md, "Floors") and show the names of its price
// types and payment systems: the catalogue registers its readers from here, as orders/bill-file.ts does for files.
namePriceTypesWith(priceTypeNames);
nameAuditIdsWith('priceTypes', priceTypesForSettings);
nameAuditIdsWith('paySystems', paySystemsForSettings);
