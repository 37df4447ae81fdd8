/** Business constants and limits of docs/spec/09-constants.md. */
export const CATALOG_PAGE_SIZES = [60, 120, 240] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 60;
/** `size: -1` asks for every row of a list. */
export const PAGE_SIZE_ALL = -1;
/** The largest explicit page size a list accepts; a larger one is a 400 VALIDATION, never a shorter page. */
export const MAX_PAGE_SIZE = 1000;
/** The largest page number a list accepts. */
export const MAX_PAGE = 1_000_000;
/**
 * The most rows one answer to `size: -1` carries for lists that can grow without bound (products,
 * favourites, sections); a list with more rows answers 400 `error.tooManyRows` and must be read by pages
 * (decision 065). Lists that belong to one dealer (baskets, orders, returns…) answer every row.
 */
export const MAX_ROWS_PER_ANSWER = 10_000;

export const DASHBOARD_BANNERS = 10;
export const DASHBOARD_NEWS = 6;
export const DASHBOARD_ORDERS = 5;

export const CATALOG_SECTION_LEVEL = 2;
export const DEFAULT_CATALOG_SORT = { NAME: 'ASC' } as const;

export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 10000;

/**
 * The order files the server reads (the type is decided by the bytes): the file picker offers exactly these.
 * Old binary .xls (Excel 97–2003) is not among them: no maintained reader; the server says to save as .xlsx.
 */
export const ORDER_FILE_TYPES = ['.xlsx', '.csv', '.xml'] as const;

/** Days after shipment a dealer may file a return, unless the site settings say otherwise (decision 061). */
export const RETURN_DAYS_DEFAULT = 14;
/** Minutes the desk's changes to an order are gathered into one notice and e-mail (decision 195). */
export const ORDER_TIDINGS_MINUTES_DEFAULT = 3;
/** How far below the dealer's price an employee may set a line's price at the desk, per cent (decision 196). */
export const EMPLOYEE_DISCOUNT_LIMIT_DEFAULT = 10;

export const CATALOG_QUANTITY_MIN = 0;
export const CATALOG_QUANTITY_MAX = 10000;

export const PASSWORD_MIN_LENGTH = 6;
export const LOGIN_MIN_LENGTH = 3;

export const RELOAD_AFTER_UNAUTHORIZED_MS = 2500;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const MONEY_DECIMALS = 2;

export const DATA_TABLE_ROWS = 10;
export const DATA_TABLE_ROW_OPTIONS = [10, 25, 50, 100, -1] as const;

export const FILTER_KEY_PREFIX = 'arCatalogProductsFilter_';
export const SHORT_FILTER_KEY_PREFIX = 'F_';
export const ACTIVE_ID_SUFFIX = 'ActiveID';
export const BASKET_ACTIVE_ID_KEY = `basket${ACTIVE_ID_SUFFIX}`;

export const SUPPORT_FORM_CODE = 'USER_SUPPORT';
export const MAPS_LANGUAGE = 'ru_RU';
export const MAPS_VERSION = '2.1';

export const THEME_PRIMARY = '#064C27';
export const THEME_SECONDARY = '#f1a81b';
export const DEFAULT_LANGUAGE = 'ru';
export const FALLBACK_LANGUAGE = 'en';
export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One-time sign-in code (docs/spec/04-states.md): six digits, ten minutes, five tries, one resend a minute. */
export const AUTH_CODE_LENGTH = 6;
export const AUTH_CODE_TTL_SECONDS = 600;
export const AUTH_CODE_MAX_ATTEMPTS = 5;
export const AUTH_CODE_RESEND_SECONDS = 60;
export const RESTORE_LINK_TTL_HOURS = 24;
export const LONG_SESSION_DAYS = 30;

/** Longest free-text string any method accepts unless its schema says otherwise. */
export const MAX_TEXT_LENGTH = 10000;
export const MAX_SHORT_TEXT_LENGTH = 255;
