/**
 * The catalogue module's face: other modules import from here, never its tables or internals.
 */
export {
  activePaySystems,
  ensurePriceTypes,
  extIdsOfProducts,
  productIdsByExtId,
  ensureStores,
  hideProductsExcept,
  idsByExtId,
  loadPriceMappings,
  refreshAfterImport,
  relaxCommit,
  replaceAnalogues,
  upsertProducts,
  upsertSections,
  writePrices,
  writeStock,
  zeroStockExcept,
  type BulkAnalogue,
  type BulkPrice,
  type BulkProduct,
  type BulkSection,
  type BulkStock,
  type PriceMapping,
} from './bulk-writes.js';
export { activeProductByArticleKey, addProduct } from './by-article.js';
export {
  countHiddenExcept,
  countPriceChanges,
  countStockChanges,
  missingSections,
  previewByExtId,
  previewProducts,
  sectionsEmptied,
  type PreviewMatch,
} from './exchange-preview-queries.js';
export {
  activeAnaloguesByArticleKeys,
  activePaySystem,
  activeProductsByArticlePrefixes,
  activeProductsByNameWords,
  activePaySystemsEn,
  defaultPriceTypeId,
  activeProductsByArticleKeys,
  lineProductOf,
  orderPaySystems,
  paySystemExists,
  paySystemNames,
  priceTypeExists,
  priceTypeNames,
  productKeys,
  productPrices,
  productsForBasket,
  productsForOrderLines,
  userFormChoices,
} from './names.js';
export {
  paySystemsForSettings,
  priceMappingsForSettings,
  priceTypesForSettings,
  renamePriceType,
  setPriceMappingTarget,
  updatePaySystem,
} from './pricing-settings.js';
export { productGroupsOf } from './groups.js';
export { loadOffers, priceContextOf, shownPrice, type Offer, type PriceContext, type PricePurpose } from './offers.js';
export { priceMappingsForAdmin, updatePriceMapping } from './price-mappings.js';
export { PROPERTY_NAMES, propertyValue } from './products.js';
export type { ProductPhoto } from './tables.js';
export { loadStores, offerFrom, priceFor } from './offers.js';
export { productId } from './queries.js';
export {
  registerReplacementLookup,
  replacementsOf,
  type ReplacementLookup,
  type ReplacementPart,
} from './replacement-hook.js';
export {
  priceListCount,
  priceListFilter,
  priceListPage,
  sectionSubtree,
  sectionsForPriceList,
  type PriceListFilter,
  type PriceListPageInput,
  type PriceListRow,
} from './price-list.js';
export type { StoreInfo } from './offers.js';
export { registerMachineModels, type MachineModelsLookup } from './machine-hook.js';
export { isMachineModel, machineModelValues } from './queries.js';
export {
  analoguesOfProducts,
  inStockOffers,
  productStock,
  lineStockOf,
  productStockOf,
  type AlternativeOffer,
} from './alternatives-queries.js';
export { activeProductNumber } from './queries.js';
