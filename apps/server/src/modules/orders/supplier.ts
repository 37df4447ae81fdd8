/** The supplier whose name and requisites head every bill (the portal's operator). */
export const SUPPLIER = {
  name: 'ООО «ТехноДеталь Снаб»',
  inn: '7701234560',
  kpp: '770101001',
  ogrn: '1027700123450',
  address: '123100, г. Москва, Пресненская наб., д. 12, офис 305',
  bank: 'ПАО Сбербанк, г. Москва',
  bik: '044525225',
  account: '40702810200000012345',
  corrAccount: '30101810400000000225',
  director: 'Соколов А. В.',
  accountant: 'Морозова Е. П.',
  vatRate: 20,
};
