import type { Db } from '../../db/database.js';
import { replaceCarriedLinks, type LinkInput } from './queries.js';

type Demo = Omit<LinkInput, 'effectiveFrom'> & { effectiveFrom?: string };

/**
 * Demo replacement numbers (decision 205), for the `dealer` account to try in search and «Заказ по номерам»:
 * a chain of two old numbers to RE504836, a set for an old pin assembly, and an interchangeable bearing.
 */
const LINKS: Demo[] = [
  {
    oldArticle: 'AR58956',
    oldBrand: 'John Deere',
    newArticle: 'RE57394',
    newBrand: 'John Deere',
    kind: 'REPLACED',
    ratio: 1,
  },
  {
    oldArticle: 'RE57394',
    oldBrand: 'John Deere',
    newArticle: 'RE504836',
    newBrand: 'John Deere',
    kind: 'REPLACED',
    ratio: 1,
  },
  {
    oldArticle: 'РСМ-10.01.50.100',
    oldBrand: 'Ростсельмаш',
    newArticle: 'РСМ-10.01.50.115',
    newBrand: 'Ростсельмаш',
    kind: 'REPLACED',
    ratio: 2,
  },
  {
    oldArticle: 'РСМ-10.01.50.100',
    oldBrand: 'Ростсельмаш',
    newArticle: '6205-2RS',
    newBrand: 'SKF',
    kind: 'REPLACED',
    ratio: 1,
  },
  {
    oldArticle: '6205-2RS',
    oldBrand: 'SKF',
    newArticle: '6205-2RSH/C3',
    newBrand: 'SKF',
    kind: 'INTERCHANGEABLE',
    ratio: 1,
  },
];

export async function seedParts(db: Db): Promise<void> {
  const links = LINKS.map((l) => ({ ...l, effectiveFrom: l.effectiveFrom ?? null, carrier: l.oldArticle }));
  await db.transaction().execute(async (trx) => {
    await replaceCarriedLinks(
      trx,
      'MANUAL',
      links.map((l) => l.carrier),
      links,
    );
  });
}
