import { expect, test } from '@playwright/test';
import { shot, signIn } from './support/portal';

/**
 * A manual 1C upload says what it will do before it does it (decision 197): the dry run's report, then
 * «Применить загрузку» applies it, or «Отменить» drops it with nothing written. A small partial catalogue,
 * so the demo's products stay as they are for the other specs.
 */
const importXml = (deleted: boolean) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <Классификатор>
    <Группы><Группа><Ид>e2e-dry-group</Ид><Наименование>Пробная загрузка 1С</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="true">
    <Товары>
      <Товар><Ид>e2e-dry-1</Ид><Артикул>DRY-E2E-1</Артикул><Наименование>Фильтр пробной загрузки</Наименование>
        <Группы><Ид>e2e-dry-group</Ид></Группы>${deleted ? '<ПометкаУдаления>true</ПометкаУдаления>' : ''}</Товар>
      <Товар><Ид>e2e-dry-2</Ид><Артикул>DRY-E2E-2</Артикул><Наименование>Ремень пробной загрузки</Наименование>
        <Группы><Ид>e2e-dry-group</Ид></Группы></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;
const offersXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <ТипыЦен><ТипЦены><Ид>e2e-dry-dealer-price-type-guid</Ид><Наименование>Дилер</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Склады><Склад><Ид>e2e-dry-store-guid</Ид><Наименование>Склад пробной загрузки</Наименование></Склад></Склады>
    <Предложения>
      <Предложение><Ид>e2e-dry-1</Ид>
        <Цены><Цена><ИдТипаЦены>e2e-dry-dealer-price-type-guid</ИдТипаЦены><ЦенаЗаЕдиницу>990</ЦенаЗаЕдиницу></Цена></Цены>
        <Склад ИдСклада="e2e-dry-store-guid" КоличествоНаСкладе="3"/></Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

test('a manual upload shows its report first, applies on confirmation, and a second one is discarded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await page.goto('/exchange/');
  await page.getByTestId('exchange-files').setInputFiles([
    { name: 'import.xml', mimeType: 'text/xml', buffer: Buffer.from(importXml(false)) },
    { name: 'offers.xml', mimeType: 'text/xml', buffer: Buffer.from(offersXml) },
  ]);
  await page.getByRole('button', { name: 'Проверить файлы' }).click();
  const review = page.getByTestId('exchange-review');
  await expect(review).toBeVisible({ timeout: 60_000 });
  await expect(review.getByRole('heading', { name: 'Что изменит загрузка' })).toBeVisible();
  await expect(review.getByTestId('exchange-report-products').first()).toContainText(
    'в файле 2: новых 2, изменится 0, без изменений 0',
  );
  await expect(review).toContainText('в файле 1, новых 1');
  await expect(review).toContainText('Пробная загрузка 1С');
  // 1C's names, not its Ид: «Дилер» lands on the portal's «Дилер», the warehouse is new; the Ид is small.
  await expect(review).toContainText('Дилер — сопоставится по названию с «Дилер»');
  await expect(review).toContainText('Склад пробной загрузки — будет создан');
  await expect(review).toContainText('Ид: e2e-dry-store-guid');
  // The cells the apply will write (decision 227): one product new with the upload, one warehouse figure.
  await expect(review.getByTestId('exchange-report-cells')).toContainText('остатков по складам: 1');
  await shot(page, 'exchange-dry-run-report');
  await page.setViewportSize({ width: 390, height: 844 });
  await review.scrollIntoViewIfNeeded();
  await shot(page, 'exchange-dry-run-report-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await review.getByRole('button', { name: 'Применить загрузку' }).click();
  await expect(page.getByText(/Обмен завершён: .*товаров: 2/)).toBeVisible({ timeout: 60_000 });
  const history = page.getByRole('table', { name: 'История обменов' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText('Завершён');
  await row.getByRole('button', { name: 'Подробнее' }).click();
  await expect(history.getByTestId('exchange-report').first()).toContainText('новых 2');
  await shot(page, 'exchange-dry-run-history');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'exchange-dry-run-history-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same file with the first product marked for deletion: the report says so; discarded, nothing changes.
  await page
    .getByTestId('exchange-files')
    .setInputFiles([{ name: 'import.xml', mimeType: 'text/xml', buffer: Buffer.from(importXml(true)) }]);
  await page.getByRole('button', { name: 'Проверить файлы' }).click();
  await expect(review).toContainText('в файле 2: новых 0, изменится 1, без изменений 1', { timeout: 60_000 });
  await expect(review).toContainText('помечено на удаление в 1С: 1');
  await review.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Загрузка отменена, каталог не изменён')).toBeVisible();
  // The product the discarded file marked for deletion is still in the catalogue.
  await page.goto('/search/?search=DRY-E2E-1');
  await expect(page.getByText('Фильтр пробной загрузки').first()).toBeVisible();
});
