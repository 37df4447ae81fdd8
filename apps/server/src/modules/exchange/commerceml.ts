import { normalizeArticle, okeiUnit, type Currency } from '@portal/contract';
import type { XmlNode } from './xml-reader.js';

/**
 * CommerceML 2.03–2.10 as 1C sends it (decision 092): which elements are items, and what each item becomes
 * as a staged record. Nothing here touches the database; references between records (a product's group,
 * a property value's Ид, a price's type) stay 1C Ид until the run applies them.
 */

export type StagedRecord =
  | { kind: 'group'; ext: string; data: GroupRecord }
  | { kind: 'property'; ext: string; data: PropertyRecord }
  | { kind: 'unit'; ext: string; data: UnitRecord }
  | { kind: 'pricetype'; ext: string; data: PriceTypeRecord }
  | { kind: 'store'; ext: string; data: StoreRecord }
  | { kind: 'product'; ext: string; data: ProductRecord }
  | { kind: 'offer'; ext: string; data: OfferRecord }
  | { kind: 'document'; ext: string; data: DocumentRecord }
  | { kind: 'settlement'; ext: string; data: SettlementRecord };

export interface GroupRecord {
  parent: string | null;
  name: string;
  description: string;
  sort: number;
  deleted: boolean;
}
export interface PropertyRecord {
  name: string;
  /** Справочник values: ИдЗначения → Значение. */
  values: Record<string, string>;
}
export interface UnitRecord {
  short: string;
  full: string;
}
export interface PriceTypeRecord {
  name: string;
  currency: Currency;
}
export interface StoreRecord {
  name: string;
  address: string;
}
export interface ProductRecord {
  article: string;
  key: string;
  name: string;
  /** HTML (escaped plain text unless 1C said ФорматHTML). */
  description: string;
  preview: string;
  /** A unit name, or a code of the classifier's units (2.08+). */
  unit: string;
  unitCode: string;
  groups: string[];
  maker: string;
  /** Property Ид → values (a value may be a Справочник value Ид). */
  properties: Array<{ id: string; values: string[] }>;
  requisites: Record<string, string>;
  pictures: string[];
  /** Non-standard but common: <Аналоги><Аналог>… (decision 092). */
  analogues: Array<{ article: string; brand: string; ext: string }>;
  deleted: boolean;
}
export interface OfferRecord {
  /** The product's Ид (an offer `товар#характеристика` counts for its product, decision 092). */
  product: string;
  prices: Array<{ type: string; value: number; currency: Currency }>;
  /** Per warehouse Ид, when the offer says it; null = this offer says nothing of warehouses. */
  stock: Array<{ store: string; amount: number }> | null;
  /** <Количество> (or an Остаток without a warehouse); null = not given. */
  total: number | null;
  name: string;
  article: string;
  /**
   * Expected arrivals (decision 207): `ОжидаемыеПоступления/Поступление` {Дата, Количество, Склад (its Ид)};
   * absent = none expected. Optional: records staged before it existed have none.
   */
  arrivals?: Array<{ date: string; quantity: number; store: string | null }>;
}
export interface DocumentRecord {
  id: string;
  number: string;
  number1c: string;
  date: string;
  operation: string;
  sum: number | null;
  deleted: boolean;
  lines: Array<{
    ext: string;
    article: string;
    name: string;
    price: number | null;
    quantity: number;
    sum: number | null;
  }>;
  requisites: Record<string, string>;
  /** The buyer (Контрагент with Роль Покупатель, else the first one), decision 200. */
  counterparty?: CounterpartyRef;
  currency?: string;
  /** The order document sent before it in the same Контейнер (a shipment's order), decision 200. */
  containerOrder?: { id: string; number: string } | null;
  /** Names of the files attached (`Файл` elements), sent in the same exchange session. */
  files?: string[];
}

export interface CounterpartyRef {
  id: string;
  name: string;
  inn: string;
  kpp: string;
}

/** One `Взаиморасчеты` block of the settlements file (decision 200, docs/settlements-file.md). */
export interface SettlementRecord {
  counterparty: CounterpartyRef;
  date: string;
  contracts: Array<{
    id: string;
    number: string;
    name: string;
    currency: string;
    date: string;
    limit: number;
    deferral: number;
    debt: number;
    overdue: number;
    bills: Array<{ number: string; date: string; sum: number; due: string }>;
  }>;
}

/** The header facts of a document that decide how it is applied. */
export interface DocumentFacts {
  schemaVersion: string;
  /** A Каталог was seen, and whether it said СодержитТолькоИзменения="true". */
  catalog: 'full' | 'changes' | null;
  offers: 'full' | 'changes' | null;
  classifier: boolean;
  documents: boolean;
  settlements?: boolean;
  /** Containers opened so far, and the order document of the current one (decision 200). */
  container?: number;
  containerOrder?: { id: string; number: string } | null;
}

export const emptyFacts = (): DocumentFacts => ({
  schemaVersion: '',
  catalog: null,
  offers: null,
  classifier: false,
  documents: false,
});

const ITEM_PARENTS = new Map<string, string>([
  ['Группа', 'Группы'],
  ['Свойство', 'Свойства'],
  ['СвойствоНоменклатуры', 'Свойства'],
  ['ТипЦены', 'ТипыЦен'],
  ['Склад', 'Склады'],
  ['ЕдиницаИзмерения', 'ЕдиницыИзмерения'],
  ['Товар', 'Товары'],
  ['Предложение', 'Предложения'],
]);

const SETTLEMENTS = new Set(['Взаиморасчеты', 'Взаиморасчёты']);

export function isItem(path: readonly string[]): boolean {
  const name = path[path.length - 1]!;
  if (name === 'Документ') return true;
  if (SETTLEMENTS.has(name) && path.length === 2) return true;
  const parent = ITEM_PARENTS.get(name);
  return parent !== undefined && parent === path[path.length - 2];
}

const onlyChanges = (attrs: Record<string, string>) =>
  attrs['СодержитТолькоИзменения']?.trim().toLowerCase() === 'true';

export function noteHeader(facts: DocumentFacts, path: readonly string[], attrs: Record<string, string>): void {
  const name = path[path.length - 1];
  if (path.length === 1) facts.schemaVersion = attrs['ВерсияСхемы'] ?? '';
  if (name === 'Каталог') facts.catalog = onlyChanges(attrs) ? 'changes' : 'full';
  if (name === 'ПакетПредложений' || name === 'ИзмененияПакетаПредложений') {
    facts.offers = name === 'ИзмененияПакетаПредложений' || onlyChanges(attrs) ? 'changes' : 'full';
  }
  if (name === 'Классификатор') facts.classifier = true;
  if (name === 'Контейнер') {
    facts.container = (facts.container ?? 0) + 1;
    facts.containerOrder = null;
  }
}

// ——— reading helpers ———

const kid = (n: XmlNode | undefined, name: string) => n?.children.find((c) => c.name === name);
const kids = (n: XmlNode | undefined, name: string) => n?.children.filter((c) => c.name === name) ?? [];
const txt = (n: XmlNode | undefined, name?: string) => ((name ? kid(n, name) : n)?.text ?? '').trim();
const bool = (v: string) => /^(true|да|1|yes)$/i.test(v.trim());

export function num(v: string | undefined): number | null {
  if (v === undefined) return null;
  const cleaned = v.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export function currencyOf(v: string): Currency {
  const c = v.trim().toUpperCase();
  if (c === 'USD' || c === '840' || c === '$') return 'USD';
  if (c === 'EUR' || c === '978' || c === '€') return 'EUR';
  return 'RUB';
}

/** Plain text of 1C as safe HTML paragraphs; HTML as written when 1C says so (sanitised on render, 031). */
export function descriptionHtml(node: XmlNode | undefined): { html: string; plain: string } {
  const raw = (node?.text ?? '').trim();
  if (!raw) return { html: '', plain: '' };
  if (bool(node?.attrs['ФорматHTML'] ?? '')) {
    const plain = raw
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { html: raw, plain };
  }
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = raw
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escape(p.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
  return { html, plain: raw.replace(/\s+/g, ' ') };
}

const requisitesOf = (n: XmlNode | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const r of kids(kid(n, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    const name = txt(r, 'Наименование');
    const values = kids(r, 'Значение').map((v) => v.text.trim());
    if (name) out[name] = values.join(', ');
  }
  return out;
};

// ——— items → records ———

function groupRecords(node: XmlNode, parent: string | null, out: StagedRecord[], counter: { n: number }): void {
  const ext = txt(node, 'Ид');
  if (!ext) return;
  counter.n += 1;
  out.push({
    kind: 'group',
    ext,
    data: {
      parent,
      name: txt(node, 'Наименование') || ext,
      description: descriptionHtml(kid(node, 'Описание')).html,
      sort: counter.n,
      deleted: bool(txt(node, 'ПометкаУдаления')),
    },
  });
  for (const child of kids(kid(node, 'Группы'), 'Группа')) groupRecords(child, ext, out, counter);
}

function propertyRecord(node: XmlNode): StagedRecord | null {
  const ext = txt(node, 'Ид');
  if (!ext) return null;
  const values: Record<string, string> = {};
  const variants = kid(node, 'ВариантыЗначений');
  for (const v of [...kids(variants, 'Справочник'), ...kids(variants, 'ВариантЗначения')]) {
    const id = txt(v, 'ИдЗначения') || txt(v, 'Ид');
    if (id) values[id] = txt(v, 'Значение');
  }
  return { kind: 'property', ext, data: { name: txt(node, 'Наименование') || ext, values } };
}

function productRecord(node: XmlNode): StagedRecord | null {
  const ext = txt(node, 'Ид');
  if (!ext) return null;
  const requisites = requisitesOf(node);
  const article = txt(node, 'Артикул') || requisites['Артикул'] || '';
  const { html, plain } = descriptionHtml(kid(node, 'Описание'));
  const unitNode = kid(node, 'БазоваяЕдиница');
  const unitText = txt(unitNode);
  const unitCode = unitNode?.attrs['Код'] ?? (/^\d+$/.test(unitText) ? unitText : '');
  // A code of the OKEI table gives the symbol (decision 187): 1C:УТ 11 sends `Код="715"
  // НаименованиеПолное="Пара (2 шт.)"` and no short name. Other units as 1C writes them.
  const unit =
    okeiUnit(unitCode)?.symbol ??
    unitNode?.attrs['НаименованиеКраткое'] ??
    (unitText && !/^\d+$/.test(unitText) ? unitText : (unitNode?.attrs['НаименованиеПолное'] ?? ''));
  const properties = kids(kid(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')
    .map((p) => ({
      id: txt(p, 'Ид'),
      values: kids(p, 'Значение')
        .map((v) => v.text.trim())
        .filter(Boolean),
    }))
    .filter((p) => p.id && p.values.length > 0);
  const analogues = kids(kid(node, 'Аналоги'), 'Аналог').map((a) => ({
    article: txt(a, 'Артикул'),
    brand: txt(a, 'Производитель') || txt(kid(a, 'Изготовитель'), 'Наименование'),
    ext: txt(a, 'Ид'),
  }));
  const status = txt(node, 'Статус').toLowerCase();
  return {
    kind: 'product',
    ext,
    data: {
      article,
      key: normalizeArticle(article),
      name: txt(node, 'Наименование') || requisites['Полное наименование'] || article || ext,
      description: html,
      preview: plain.length > 300 ? `${plain.slice(0, 297)}…` : plain,
      unit,
      unitCode,
      groups: kids(kid(node, 'Группы'), 'Ид')
        .map((g) => g.text.trim())
        .filter(Boolean),
      maker: txt(kid(node, 'Изготовитель'), 'Наименование'),
      properties,
      requisites,
      pictures: kids(node, 'Картинка')
        .map((p) => p.text.trim())
        .filter(Boolean),
      analogues: analogues.filter((a) => a.article || a.ext),
      deleted: bool(txt(node, 'ПометкаУдаления')) || status === 'удален',
    },
  };
}

function offerRecord(node: XmlNode): StagedRecord | null {
  const ext = txt(node, 'Ид');
  if (!ext) return null;
  const prices = kids(kid(node, 'Цены'), 'Цена')
    .map((p) => ({
      type: txt(p, 'ИдТипаЦены'),
      value: num(txt(p, 'ЦенаЗаЕдиницу')),
      currency: currencyOf(txt(p, 'Валюта')),
    }))
    .filter(
      (p): p is { type: string; value: number; currency: Currency } => !!p.type && p.value !== null && p.value >= 0,
    );
  let stock: Array<{ store: string; amount: number }> | null = null;
  let total = num(kid(node, 'Количество')?.text);
  // 2.04–2.07: <Склад ИдСклада="…" КоличествоНаСкладе="…"/> beside the offer's own elements.
  for (const s of kids(node, 'Склад')) {
    const store = s.attrs['ИдСклада']?.trim();
    const amount = num(s.attrs['КоличествоНаСкладе']);
    if (store) (stock ??= []).push({ store, amount: Math.max(0, amount ?? 0) });
  }
  // 2.08+: <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>, or an Остаток with
  // only a Количество (the total).
  const rests = kid(node, 'Остатки');
  if (rests) {
    stock ??= [];
    for (const r of kids(rests, 'Остаток')) {
      const stores = kids(r, 'Склад');
      if (stores.length === 0) {
        const amount = num(kid(r, 'Количество')?.text);
        if (amount !== null) total = (total ?? 0) + Math.max(0, amount);
      }
      for (const s of stores) {
        const store = txt(s, 'Ид');
        if (store) stock.push({ store, amount: Math.max(0, num(kid(s, 'Количество')?.text) ?? 0) });
      }
    }
    if (stock.length === 0 && total === null) total = 0;
    if (stock.length === 0) stock = null;
  }
  return {
    kind: 'offer',
    ext,
    data: {
      product: ext.split('#')[0]!,
      prices,
      stock,
      total: total === null ? null : Math.max(0, total),
      name: txt(node, 'Наименование'),
      article: txt(node, 'Артикул'),
      arrivals: arrivalsOf(node),
    },
  };
}

/** `ОжидаемыеПоступления/Поступление` of an offer (decision 207); a row without a date or quantity is skipped. */
function arrivalsOf(node: XmlNode): Array<{ date: string; quantity: number; store: string | null }> {
  return kids(kid(node, 'ОжидаемыеПоступления'), 'Поступление').flatMap((a) => {
    const raw = txt(a, 'Дата');
    const ru = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(raw);
    const date = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : dateOf(raw);
    const quantity = num(txt(a, 'Количество'));
    const storeNode = kid(a, 'Склад');
    const store = (storeNode ? txt(storeNode, 'Ид') || (storeNode.text ?? '').trim() : txt(a, 'ИдСклада')) || null;
    if (!date || Number.isNaN(Date.parse(date)) || quantity === null || quantity <= 0) return [];
    return [{ date, quantity: Math.min(quantity, 1e9), store }];
  });
}

function counterpartyRef(n: XmlNode | undefined): CounterpartyRef {
  return { id: txt(n, 'Ид'), name: txt(n, 'Наименование'), inn: txt(n, 'ИНН'), kpp: txt(n, 'КПП') };
}

/** The buyer of a document: the Контрагент whose Роль is Покупатель, else the first. */
function buyerOf(node: XmlNode): CounterpartyRef | undefined {
  const all = kids(kid(node, 'Контрагенты'), 'Контрагент');
  const buyer = all.find((c) => /покупатель/i.test(txt(c, 'Роль'))) ?? all[0];
  return buyer ? counterpartyRef(buyer) : undefined;
}

const dateOf = (v: string) => (/^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '');

function settlementRecord(node: XmlNode): StagedRecord | null {
  const counterparty = counterpartyRef(kid(node, 'Контрагент'));
  const billsOf = (n: XmlNode | undefined) =>
    kids(kid(n, 'Счета'), 'Счет').map((b) => ({
      number: txt(b, 'Номер'),
      date: dateOf(txt(b, 'Дата')),
      sum: num(txt(b, 'Сумма')) ?? 0,
      due: dateOf(txt(b, 'СрокОплаты')),
    }));
  const contracts = kids(kid(node, 'Договоры'), 'Договор').map((c) => ({
    id: txt(c, 'Ид') || txt(c, 'Номер'),
    number: txt(c, 'Номер'),
    name: txt(c, 'Наименование'),
    currency: txt(c, 'Валюта'),
    date: dateOf(txt(c, 'Дата')),
    limit: num(txt(c, 'КредитныйЛимит')) ?? 0,
    deferral: Math.max(0, Math.round(num(txt(c, 'ОтсрочкаДней')) ?? 0)),
    debt: num(txt(c, 'Долг')) ?? 0,
    overdue: num(txt(c, 'ПросроченныйДолг')) ?? 0,
    bills: billsOf(c),
  }));
  // Open bills written beside the contracts belong to the first one.
  const loose = billsOf(node);
  if (loose.length > 0 && contracts[0]) contracts[0].bills.push(...loose);
  const ext = counterparty.id || [counterparty.inn, counterparty.kpp].filter(Boolean).join('/');
  if (!ext) return null;
  return { kind: 'settlement', ext, data: { counterparty, date: dateOf(txt(node, 'Дата')), contracts } };
}

function documentRecord(node: XmlNode, facts: DocumentFacts, inContainer: boolean): StagedRecord | null {
  const id = txt(node, 'Ид');
  const number = txt(node, 'Номер');
  if (!id && !number) return null;
  const lines = kids(kid(node, 'Товары'), 'Товар').map((l) => ({
    ext: txt(l, 'Ид'),
    article: txt(l, 'Артикул'),
    name: txt(l, 'Наименование'),
    price: num(txt(l, 'ЦенаЗаЕдиницу')),
    quantity: num(txt(l, 'Количество')) ?? 0,
    sum: num(txt(l, 'Сумма')),
  }));
  const operation = txt(node, 'ХозОперация');
  const files = [...kids(node, 'Файл'), ...kids(kid(node, 'Файлы'), 'Файл')]
    .map((f) => (txt(f, 'Имя') || f.attrs['Имя'] || txt(f)).trim())
    .filter(Boolean);
  // A shipment or a bill in the same Контейнер as an order document belongs to that order.
  let containerOrder: { id: string; number: string } | null = null;
  if (inContainer) {
    if (/заказ/i.test(operation)) facts.containerOrder = { id: txt(node, 'Ид'), number: txt(node, 'Номер') };
    else containerOrder = facts.containerOrder ?? null;
  }
  return {
    kind: 'document',
    ext: id || number,
    data: {
      id,
      number,
      number1c: txt(node, 'Номер1С'),
      date: txt(node, 'Дата'),
      operation,
      sum: num(txt(node, 'Сумма')),
      deleted: bool(txt(node, 'ПометкаУдаления')),
      lines,
      requisites: requisitesOf(node),
      counterparty: buyerOf(node),
      currency: txt(node, 'Валюта'),
      containerOrder,
      files,
    },
  };
}

/** The staged records of one item. */
export function recordsOf(item: XmlNode, facts: DocumentFacts, path: readonly string[] = []): StagedRecord[] {
  switch (item.name) {
    case 'Группа': {
      const out: StagedRecord[] = [];
      groupRecords(item, null, out, { n: 0 });
      return out;
    }
    case 'Свойство':
    case 'СвойствоНоменклатуры':
      return [propertyRecord(item)].filter((r): r is StagedRecord => !!r);
    case 'ЕдиницаИзмерения': {
      const code = txt(item, 'Код') || txt(item, 'Ид');
      const short = txt(item, 'НаименованиеКраткое') || txt(item, 'Наименование');
      return code ? [{ kind: 'unit', ext: code, data: { short, full: txt(item, 'НаименованиеПолное') || short } }] : [];
    }
    case 'ТипЦены': {
      const ext = txt(item, 'Ид');
      return ext
        ? [
            {
              kind: 'pricetype',
              ext,
              data: { name: txt(item, 'Наименование') || ext, currency: currencyOf(txt(item, 'Валюта')) },
            },
          ]
        : [];
    }
    case 'Склад': {
      const ext = txt(item, 'Ид');
      const address = txt(kid(item, 'Адрес'), 'Представление');
      return ext ? [{ kind: 'store', ext, data: { name: txt(item, 'Наименование') || ext, address } }] : [];
    }
    case 'Товар':
      return [productRecord(item)].filter((r): r is StagedRecord => !!r);
    case 'Предложение':
      return [offerRecord(item)].filter((r): r is StagedRecord => !!r);
    case 'Документ':
      facts.documents = true;
      return [documentRecord(item, facts, path.includes('Контейнер'))].filter((r): r is StagedRecord => !!r);
    case 'Взаиморасчеты':
    case 'Взаиморасчёты':
      facts.settlements = true;
      return [settlementRecord(item)].filter((r): r is StagedRecord => !!r);
    default:
      return [];
  }
}
