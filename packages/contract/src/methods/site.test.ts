import { describe, expect, it } from 'vitest';
import { supplierInput } from './site.js';

const valid = {
  name: 'ООО «ТехЗапчасть»',
  inn: '7701234560',
  kpp: '770101001',
  ogrn: '1027700123450',
  address: '123100, г. Москва',
  phone: '+7 (800) 555-27-40',
  email: 'dealers@techzapchast.local',
  bank: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810200000012345',
  corrAccount: '30101810400000000225',
  vatRate: 20,
  stamp: '/demo/stamp.svg',
  signers: [{ position: 'Генеральный директор', name: 'Соколов А. В.', signature: '' }],
};

describe('supplierInput (the settings page, decision 063)', () => {
  it('accepts valid requisites and an image on the site', () => {
    expect(supplierInput.safeParse(valid).success).toBe(true);
  });

  it('checks the requisites by their check digits and refuses a script as an image', () => {
    const r = supplierInput.safeParse({
      ...valid,
      inn: '7701234561',
      account: '40702810200000012346',
      stamp: 'javascript:alert(1)',
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['inn', 'validation.innChecksum'],
        ['account', 'validation.accountChecksum'],
        ['stamp', 'validation.invalid'],
      ]),
    );
    expect(supplierInput.safeParse({ ...valid, unknown: 1 }).success).toBe(false);
  });
});
