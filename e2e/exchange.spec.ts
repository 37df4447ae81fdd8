import { expect, test } from '@playwright/test';
import { shot, signIn, signOut } from './support/portal';

/** A small CommerceML 2.04 catalogue update and its offers, as a supplier without a live 1C uploads them. */
const importXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <Классификатор>
    <Группы><Группа><Ид>e2e-group</Ид><Наименование>Поступления из 1С</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="true">
    <Товары>
      <Товар>
        <Ид>e2e-1</Ид><Артикул>EXM-0001</Артикул><Наименование>Шкив натяжной из ручной загрузки</Наименование>
        <БазоваяЕдиница>шт</БазоваяЕдиница><Группы><Ид>e2e-group</Ид></Группы>
        <Описание>Шкив натяжителя ремня привода вентилятора.</Описание>
      </Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;
const offersXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <ТипыЦен><ТипЦены><Ид>e2e-price</Ид><Наименование>Оптовая</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения>
      <Предложение><Ид>e2e-1</Ид>
        <Цены><Цена><ИдТипаЦены>e2e-price</ИдТипаЦены><ЦенаЗаЕдиницу>1234.5</ЦенаЗаЕдиницу></Цена></Цены>
        <Количество>8</Количество>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

test('an administrator uploads import.xml and offers.xml, sees the exchange in the history, a dealer sees the product', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Обмен с 1С' }).first().click();
  await expect(page.getByRole('heading', { name: 'Обмен с 1С', level: 1 })).toBeVisible();
  await expect(page.getByText('/exchange/1c')).toBeVisible();
  await page.getByTestId('exchange-files').setInputFiles([
    { name: 'import.xml', mimeType: 'text/xml', buffer: Buffer.from(importXml) },
    { name: 'offers.xml', mimeType: 'text/xml', buffer: Buffer.from(offersXml) },
  ]);
  await expect(page.getByText('Выбрано: import.xml, offers.xml')).toBeVisible();
  await page.getByRole('button', { name: 'Проверить файлы' }).click();
  // A dry run first (decision 197): the report, then the confirmation applies it.
  await page.getByRole('button', { name: 'Применить загрузку' }).click({ timeout: 60_000 });
  await expect(page.getByText(/Обмен завершён: .*товаров: 1/)).toBeVisible({ timeout: 60_000 });
  const history = page.getByRole('table', { name: 'История обменов' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText('import.xml');
  await expect(row).toContainText('offers.xml');
  await expect(row).toContainText('Вручную');
  await expect(row).toContainText('Завершён');
  await shot(page, 'exchange-history');

  // 1C's price type «Оптовая» got its own portal price type. The card only shows the mapping; it is edited in
  // one place, the site settings (decision 130): the administrator points it at the dealers' price type there.
  const mapping = page.getByTestId('price-mapping').filter({ hasText: 'e2e-price' });
  await expect(mapping.getByTestId('price-mapping-type')).toContainText('Оптовая');
  await expect(mapping.getByRole('combobox')).toHaveCount(0);
  // No dealer has that new price type: the page says so plainly (decision 187).
  const withoutDealers = page.getByTestId('price-mappings-without-dealers');
  await expect(withoutDealers).toContainText('Эти цены сейчас не видит ни один дилер');
  await expect(withoutDealers).toContainText('«Оптовая» → тип цен портала «Оптовая»');
  await expect(mapping).toContainText('Нет дилеров с этим типом цен');
  await shot(page, 'exchange-without-dealers');
  await page.setViewportSize({ width: 390, height: 844 });
  await withoutDealers.scrollIntoViewIfNeeded();
  await shot(page, 'exchange-without-dealers-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Изменить в настройках сайта' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/#price-mappings$/);
  const setting = page.getByTestId('settings-price-mapping').filter({ hasText: 'Оптовая' });
  await setting.getByRole('combobox', { name: 'Тип цен портала' }).click();
  await page.getByRole('option', { name: 'Дилер', exact: true }).click();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Настройки сохранены')).toBeVisible();
  await page.goBack();
  await expect(mapping.getByTestId('price-mapping-type')).toContainText('Дилер');
  await expect(mapping.getByTestId('price-mapping-pay')).toContainText('Все способы оплаты');
  await expect(withoutDealers).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(history.getByRole('row').nth(1)).toContainText('import.xml');
  await shot(page, 'exchange-history-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The next export of prices writes the dealers' price.
  await page
    .getByTestId('exchange-files')
    .setInputFiles([{ name: 'offers.xml', mimeType: 'text/xml', buffer: Buffer.from(offersXml) }]);
  await page.getByRole('button', { name: 'Проверить файлы' }).click();
  await page.getByRole('button', { name: 'Применить загрузку' }).click({ timeout: 60_000 });
  await expect(page.getByText(/Обмен завершён: .*цен: \d/)).toBeVisible({ timeout: 60_000 });
  await signOut(page);

  // The dealer finds the new part by its number, at 1C's price.
  await signIn(page, 'dealer');
  await page.goto('/search/?search=EXM-0001');
  await expect(page.getByText('Шкив натяжной из ручной загрузки').first()).toBeVisible();
  await expect(page.getByText(/1\s234,50/).first()).toBeVisible();
});

/** A catalogue large enough to take a few calls of `exchange/continue` (decision 135: the import is a job). */
const bigImportXml = (n: number) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <Классификатор><Группы><Группа><Ид>e2e-big-group</Ид><Наименование>Шайбы e2e</Наименование></Группа></Группы></Классификатор>
  <Каталог СодержитТолькоИзменения="true"><Товары>
${Array.from(
  { length: n },
  (_, i) =>
    `<Товар><Ид>e2e-big-${i}</Ид><Артикул>EXB-${String(i).padStart(5, '0')}</Артикул><Наименование>Шайба e2e ${i}</Наименование><Группы><Ид>e2e-big-group</Ид></Группы></Товар>`,
).join('\n')}
  </Товары></Каталог>
</КоммерческаяИнформация>`;

test('a large manual upload runs as a job and shows where it stands until it is done', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Обмен с 1С' }).first().click();
  await page
    .getByTestId('exchange-files')
    .setInputFiles([{ name: 'import.xml', mimeType: 'text/xml', buffer: Buffer.from(bigImportXml(6000)) }]);
  await page.getByRole('button', { name: 'Проверить файлы' }).click();
  // The job's progress as the server reports it: the phase of the run and its counts so far.
  const status = page.getByRole('status').filter({ has: page.getByRole('progressbar') });
  await expect(status).toContainText(/Чтение файл|подсчёт изменений|Подготовка файлов|в очереди/i, {
    timeout: 30_000,
  });
  await shot(page, 'exchange-upload-progress');
  // The apply writes from the dry run's stage: on a quiet machine it may end within the first answer, so its
  // own phases are not awaited (the dry run above showed the server's progress).
  await page.getByRole('button', { name: 'Применить загрузку' }).click({ timeout: 120_000 });
  await expect(page.getByText(/Обмен завершён: .*товаров: 6\s000/)).toBeVisible({ timeout: 120_000 });
  await signOut(page);
});
