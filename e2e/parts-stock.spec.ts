import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { restCall, shot, signIn } from './support/portal';

/**
 * Alternatives where stock is short (decision 206) and expected arrivals (decision 207) in the browser, on the
 * demo data and a real 1C exchange: a dealer swaps a short line for an in-stock analogue; a dealer asks to be
 * told when a part arrives, 1C sends its stock, and the notice is there.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };

/** One 1C «Обмен с сайтом» session sending one file (the protocol as 1C speaks it). */
async function oneC(request: APIRequestContext, filename: string, xml: string) {
  const auth = `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}`;
  const lines = async (r: Awaited<ReturnType<APIRequestContext['get']>>) => (await r.text()).split('\n');
  const check = await lines(
    await request.get('/exchange/1c?type=catalog&mode=checkauth', { headers: { authorization: auth } }),
  );
  expect(check[0]).toBe('success');
  const cookie = `${check[1]}=${check[2]}`;
  await request.get('/exchange/1c?type=catalog&mode=init', { headers: { cookie } });
  const sent = await lines(
    await request.post(`/exchange/1c?type=catalog&mode=file&filename=${filename}`, {
      headers: { cookie, 'content-type': 'application/octet-stream' },
      data: Buffer.from(xml),
    }),
  );
  expect(sent[0]).toBe('success');
  for (let i = 0; i < 600; i++) {
    const answer = await lines(
      await request.get(`/exchange/1c?type=catalog&mode=import&filename=${filename}`, { headers: { cookie } }),
    );
    if (answer[0] !== 'progress') {
      expect(answer.join('\n')).toMatch(/^success/);
      return;
    }
  }
  throw new Error(`${filename} did not finish`);
}

const importXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <Классификатор><Группы><Группа><Ид>e2e-arr-group</Ид><Наименование>Ожидаемые поступления</Наименование></Группа></Группы></Классификатор>
  <Каталог СодержитТолькоИзменения="true">
    <Товары>
      <Товар>
        <Ид>e2e-arr-1</Ид><Артикул>ARR-E2E-1</Артикул><Наименование>Ремень вариатора ожидаемый</Наименование>
        <БазоваяЕдиница>шт</БазоваяЕдиница><Группы><Ид>e2e-arr-group</Ид></Группы>
      </Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;
const offersXml = (stock: number) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <Предложения>
      <Предложение><Ид>e2e-arr-1</Ид>
        <Остатки><Остаток><Склад><Ид>e2e-arr-store</Ид><Количество>${stock}</Количество></Склад></Остаток></Остатки>
        <ОжидаемыеПоступления>
          <Поступление><Дата>12.12.2030</Дата><Количество>40</Количество><Склад><Ид>e2e-arr-store</Ид></Склад></Поступление>
        </ОжидаемыеПоступления>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

async function basketWithShortLine(page: Page): Promise<number> {
  const basket = await restCall<{ id: number }>(page, 'basket/create', { name: 'Нехватка' });
  const resolved = await restCall<{ lines: Array<{ candidates: Array<{ productId: number }> }> }>(
    page,
    'basket/resolve',
    { text: 'W 950/26 8' },
  );
  const product = resolved.lines[0]!.candidates[0]!.productId;
  await restCall(page, 'basket-item/create', { basket: basket.id, product, amount: 8 });
  return basket.id;
}

test('a dealer swaps a short basket line for an in-stock analogue; checkout warned of it first', async ({ page }) => {
  await signIn(page, 'dealer');
  const basket = await basketWithShortLine(page);
  await page.goto(`/basket/${basket}/`);
  const line = page.getByTestId('basket-line').filter({ hasText: 'W 950/26' });
  await expect(line.getByTestId('short-line')).toContainText('Не хватает 6 шт.');
  await expect(page.getByTestId('basket-short')).toContainText('W 950/26');
  await expect(line.getByTestId('arrival-note')).toContainText('2 шт. в наличии, 40 ожидается');
  await shot(page, 'parts-short-line');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'parts-short-line-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The checkout warns of the line before the order is placed, and leads back to its alternatives.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/create\/$/);
  await expect(page.getByTestId('checkout-short')).toContainText('Не хватает на складах: строк 1, всего 6 шт.');
  await shot(page, 'parts-checkout-short');
  await page
    .getByTestId('checkout-short')
    .getByRole('link', { name: /Взять замену в наличии/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/basket/${basket}/$`));

  await line.getByRole('button', { name: /Замены в наличии/ }).click();
  const dialog = page.getByRole('dialog');
  const first = dialog.getByTestId('alternative').first();
  await expect(first).toContainText('в наличии');
  const article = (await first.locator('span').first().textContent())!.trim();
  await shot(page, 'parts-alternatives');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'parts-alternatives-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await first.getByRole('button', { name: 'Заменить: 8 шт.' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Строка заменена на ${article}`)).toBeVisible();
  await expect(page.getByTestId('basket-line').filter({ hasText: 'W 950/26' })).toHaveCount(0);
  await expect(page.getByLabel(`Количество ${article}`)).toHaveValue('8');
  await expect(page.getByTestId('basket-short')).toHaveCount(0);
});

test('a pasted number short of stock offers its alternatives: split into what is in stock and the rest', async ({
  page,
}) => {
  await signIn(page, 'dealer');
  // A new basket is the newest, so the page adds to it (the other tests' baskets stay as they were).
  await restCall(page, 'basket/create', { name: 'По номерам' });
  await page.goto('/basket/create/');
  await page.getByLabel('Номера деталей и количество').fill('W 950/26 8');
  await page.getByRole('button', { name: 'Проверить' }).click();
  const line = page.getByTestId('resolve-line').filter({ hasText: 'W 950/26' });
  await expect(line.getByTestId('short-line')).toContainText('Не хватает 6 шт.');
  await shot(page, 'parts-quick-short');
  await line.getByRole('button', { name: /Замены в наличии/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('В списке 8 шт., на складах 2 шт. — не хватает 6 шт.');
  const first = dialog.getByTestId('alternative').first();
  const article = (await first.locator('span').first().textContent())!.trim();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'parts-quick-alternatives-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await first.getByRole('button', { name: 'Разделить: 2 шт. этого + 6 шт. замены' }).click();
  await expect(dialog).toBeHidden();
  await expect(line.getByTestId('resolve-alternative')).toContainText(`+ 6 шт. ${article}`);
  await expect(line.getByLabel('Количество W 950/26')).toHaveValue('2');
  await shot(page, 'parts-quick-split');
  await page.getByRole('button', { name: 'Добавить в корзину (2)' }).click();
  await page.getByTestId('resolve-added').getByRole('link', { name: 'Открыть корзину' }).click();
  await expect(page.getByLabel('Количество W 950/26')).toHaveValue('2');
  await expect(page.getByLabel(`Количество ${article}`)).toHaveValue('6');
});

test('a dealer asks to be told when a part arrives; 1C sends its stock and the notice comes once', async ({
  page,
  request,
}) => {
  await oneC(request, 'import.xml', importXml);
  await oneC(request, 'offers.xml', offersXml(0));

  await signIn(page, 'dealer');
  await page.goto('/search/?search=ARR-E2E-1');
  await page
    .getByRole('link', { name: /Ремень вариатора ожидаемый/ })
    .first()
    .click();
  const note = page.getByTestId('arrival-note');
  await expect(note).toContainText('0 шт. в наличии, 40 ожидается 12.12');
  await note.getByRole('button', { name: 'Сообщить о поступлении' }).click();
  await expect(note.getByRole('button', { name: 'Не сообщать' })).toBeVisible();
  await shot(page, 'parts-arrival-card');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'parts-arrival-card-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await oneC(request, 'offers.xml', offersXml(5));
  await oneC(request, 'offers.xml', offersXml(7));
  await page.goto('/notice/');
  await expect(page.getByText('Поступил товар ARR-E2E-1')).toHaveCount(1);
  await shot(page, 'parts-arrival-notice');
});

test('an administrator sets an expected arrival on the product card; the dealer sees it; removing it asks first', async ({
  browser,
  page,
}) => {
  await signIn(page, 'admin');
  const resolved = await restCall<{ lines: Array<{ candidates: Array<{ productId: number }> }> }>(
    page,
    'basket/resolve',
    { text: 'W 950/26 1' },
  );
  const product = resolved.lines[0]!.candidates[0]!.productId;
  const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const dayMonth = `${soon.slice(8, 10)}.${soon.slice(5, 7)}`;
  await page.goto(`/product/${product}`);
  const note = page.getByTestId('arrival-note');
  await note.getByRole('button', { name: 'Ожидаемые поступления' }).click();
  const dialog = page.getByRole('dialog', { name: /Ожидаемые поступления W 950\/26/ });
  // 1C's arrival of the demo data is shown, not edited.
  await expect(dialog.getByTestId('arrivals-1c')).toContainText('Из 1С: 40');
  await dialog.getByRole('button', { name: 'Добавить поступление' }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Укажите дату')).toBeVisible();
  const row = dialog.getByTestId('arrival-row').last();
  await row.getByLabel('Дата').fill(soon);
  await row.getByLabel('Количество').fill('25');
  await row.getByLabel('Склад').click();
  await page.getByRole('option').nth(1).click();
  await shot(page, 'parts-arrivals-editor');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(note).toContainText(`2 шт. в наличии, 25 ожидается ${dayMonth}`);

  const dealerContext = await browser.newContext();
  const dealer = await dealerContext.newPage();
  await signIn(dealer, 'dealer');
  await dealer.goto(`/product/${product}`);
  await expect(dealer.getByTestId('arrival-note')).toContainText(`25 ожидается ${dayMonth}`);
  await expect(dealer.getByRole('button', { name: 'Ожидаемые поступления' })).toHaveCount(0);
  await dealerContext.close();

  await note.getByRole('button', { name: 'Ожидаемые поступления' }).click();
  await dialog.getByRole('button', { name: `Удалить поступление ${dayMonth}.${soon.slice(0, 4)}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить поступление?' });
  await expect(confirm).toContainText(`Поступление 25 шт. на ${dayMonth}.${soon.slice(0, 4)}`);
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(note).toContainText('2 шт. в наличии, 40 ожидается');
});
