import { describe, expect, it } from 'vitest';
import { sectionIcon } from './section-icons';

/** The demo catalogue's second-level sections (catalog/seed.ts), as 1C would send them. */
const DEMO = [
  'Фильтры масляные',
  'Фильтры топливные',
  'Фильтры воздушные',
  'Прокладки и уплотнения',
  'Поршневая группа',
  'Насосы водяные',
  'Подшипники',
  'Сальники',
  'Муфты и сцепление',
  'Шестерни',
  'Карданные валы',
  'Фильтры гидравлические',
  'Рукава высокого давления',
  'Гидроцилиндры',
  'Насосы гидравлические',
  'Шины',
  'Ступицы',
  'Тормозные колодки',
  'Рулевое управление',
  'Аккумуляторы',
  'Генераторы',
  'Стартеры',
  'Фары и освещение',
  'Датчики',
  'Ножи и сегменты',
  'Пальцы жатки',
  'Цепи приводные',
  'Ремни вариаторные',
  'Масла моторные',
  'Масла трансмиссионные',
  'Антифризы',
];

describe('sectionIcon (decision 191)', () => {
  it('gives the demo sections fitting icons, no two sections of a group the same', () => {
    const groups = [DEMO.slice(0, 6), DEMO.slice(6, 11), DEMO.slice(11, 15), DEMO.slice(15, 19), DEMO.slice(19, 24)];
    groups.push(DEMO.slice(24, 28), DEMO.slice(28));
    for (const group of groups) expect(new Set(group.map(sectionIcon)).size).toBe(group.length);
    expect(new Set(DEMO.map(sectionIcon)).size).toBeGreaterThanOrEqual(DEMO.length - 2);
    expect(sectionIcon('Шины')).toBe(sectionIcon('Колёса в сборе'));
    expect(sectionIcon('Запчасти для машин')).not.toBe(sectionIcon('Шины'));
    expect(sectionIcon('Фильтры масляные')).toBe(sectionIcon('Oil'));
  });
});
