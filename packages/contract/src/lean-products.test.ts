import { describe, expect, it } from 'vitest';
import { expandProductDetail, expandProducts } from './lean-products.js';
import type { CatalogDict } from './methods/catalog.js';

const dict: CatalogDict = {
  priceType: { id: 2, name: 'Дилер' },
  paySystemId: 1,
  paySystems: [
    { id: 1, name: 'Безналичный расчёт' },
    { id: 2, name: 'Наличные' },
  ],
  currency: 'RUB',
  stores: [
    { id: 3, code: 'KZN', name: 'Склад Казань' },
    { id: 1, code: 'MSK', name: 'Склад Москва' },
    { id: 4, code: 'ORDER', name: 'Под заказ', isVirtual: true },
  ],
  units: { шт: { id: '796', symbol: 'шт' }, кг: { id: '166', symbol: 'кг' } },
  unit: 'шт',
  sectionId: 5,
  photos: [{ src: '/catalog/a.svg', width: 320, height: 240 }],
  propertyNames: { BRAND: 'Производитель', KIND: 'Тип детали' },
  remains: { Y: 'В наличии', D: 'Под заказ', N: 'Нет в наличии' },
};

describe('expandProducts (decision 160)', () => {
  it('gives back every field of a product from the dictionary', () => {
    const { items } = expandProducts(
      {
        count: 2,
        dict,
        items: [
          {
            id: 1,
            name: 'Фильтр',
            article: 'P550428',
            brand: 'Donaldson',
            photo: [0],
            properties: { KIND: 'Аналог', BRAND: 'Donaldson' },
            price: 1530.5,
            priceInfo: 1866,
            stock: { '1': 7, '3': 2 },
            isFavorite: true,
          },
          {
            id: 2,
            name: 'Болт',
            article: 'B1',
            brand: 'МТЗ',
            unit: 'кг',
            measureFactor: 10,
            sectionId: 9,
            stock: { '4': 5 },
          },
        ],
      },
      'ru',
    );
    const [a, b] = items;
    expect(a).toMatchObject({
      sectionId: 5,
      unit: { id: '796', name: 'шт', symbol: 'шт' },
      displaySymbol: 'шт',
      measureFactor: 1,
      previewText: '',
      weightKg: null,
      photo: [{ id: 1, src: '/catalog/a.svg', width: 320, height: 240 }],
      price: {
        id: 1,
        name: 'Дилер',
        paySystemName: 'Безналичный расчёт',
        value: 1530.5,
        currency: 'RUB',
        text: '1 530,50 ₽',
      },
      priceBuy: { value: 1530.5, currency: 'RUB' },
      priceInfo: { value: 1866, currency: 'RUB' },
      quantity: 9,
      availability: 'Y',
      remainsName: 'В наличии',
      isFavorite: true,
      needsPaySystem: false,
    });
    // Warehouses in the dictionary's order, with the product's unit; properties in the product's order.
    expect(a!.stores.map((s) => [s.code, s.amount, s.unit])).toEqual([
      ['KZN', 2, 'шт'],
      ['MSK', 7, 'шт'],
    ]);
    expect(a!.properties.map((p) => [p.code, p.name, p.value])).toEqual([
      ['KIND', 'Тип детали', 'Аналог'],
      ['BRAND', 'Производитель', 'Donaldson'],
    ]);
    expect(b).toMatchObject({
      sectionId: 9,
      unit: { id: '166', symbol: 'кг' },
      displaySymbol: 'кг ×10',
      baseDeterminant: 10,
      price: null,
      availability: 'D',
      quantity: 5,
      remainsName: 'Под заказ',
      isFavorite: false,
      photo: [],
      properties: [],
    });
    expect(b!.stores[0]).toMatchObject({ code: 'ORDER', isVirtual: true });
    expect('priceBuy' in b!).toBe(false);
  });

  it('expands a card with its prices per payment method, analogues and similar items', () => {
    const detail = expandProductDetail(
      {
        id: 1,
        name: 'Фильтр',
        article: 'P550428',
        brand: 'Donaldson',
        price: 100,
        prices: [
          { paySystemId: 1, value: 100 },
          { paySystemId: 2, value: 97 },
        ],
        analogues: [{ article: 'HU 718', brand: 'Mann-Filter', kind: 'ANALOGUE' }],
        similar: [{ id: 2, name: 'Болт', article: 'B1', brand: 'МТЗ' }],
        dict: { ...dict, needsPaySystem: true },
      },
      'en',
    );
    expect(detail.prices.map((p) => [p.paySystemName, p.name, p.value])).toEqual([
      ['Безналичный расчёт', 'Дилер', 100],
      ['Наличные', 'Дилер', 97],
    ]);
    expect(detail.analogues).toEqual([
      { article: 'HU 718', brand: 'Mann-Filter', kind: 'ANALOGUE', productId: null, name: null },
    ]);
    expect(detail.similar.map((p) => p.id)).toEqual([2]);
    expect(detail.needsPaySystem).toBe(true);
    expect(detail.detailText).toBe('');
    expect(detail.breadcrumbs).toEqual([]);
  });
});
