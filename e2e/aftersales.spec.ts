import { expect, test, type Page } from '@playwright/test';
import { lastMailTo, restCall, shot, signIn, signOut } from './support/portal';

/** A 1×1 PNG: the server decides the type by these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('after-sales conversations', () => {
  test('a return with a photo: the employee comments and approves, the dealer sees both', async ({ page }) => {
    await signIn(page, 'dealer');
    await page.goto('/returns/');
    await expect(page.getByRole('heading', { name: 'Возврат товара' })).toBeVisible();
    await shot(page, 'aftersales-returns');
    await page.getByRole('link', { name: 'Оформить возврат' }).click();
    await expect(page).toHaveURL(/\/returns\/orders\/$/);
    const dialog = page.getByRole('dialog', { name: 'Выберите заказ для возврата' });
    await expect(dialog).toBeVisible();
    await shot(page, 'aftersales-return-orders');
    // Closing the dialog goes back to the list.
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(page).toHaveURL(/\/returns\/$/);
    await page.getByRole('link', { name: 'Оформить возврат' }).click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: 'Заказ №' }).first().click();
    await expect(page).toHaveURL(/\/order\/\d+\/returns\/$/);
    const form = page.getByRole('dialog', { name: 'Заявка на возврат товара' });
    // Nothing chosen yet: the form asks for a product in words (decision 061).
    await form.getByLabel('Причина возврата').fill('Трещина на корпусе');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(form.getByText('Выберите товар')).toBeVisible();
    await form.getByRole('combobox', { name: 'Товар' }).click();
    await page.getByRole('option').and(page.locator(':not(.Mui-disabled)')).first().click();
    await expect(form.getByText(/Можно вернуть \d+ из \d+ доставленных/)).toBeVisible();
    // More than delivered is refused with a clear message.
    await form.getByLabel('Количество').fill('999');
    await form.getByLabel('Причина возврата').fill('Трещина на корпусе <script>alert(1)</script>');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(form.getByText(/Нельзя вернуть больше, чем доставлено: доступно \d+/).first()).toBeVisible();
    await form.getByLabel('Количество').fill('1');
    await form.getByLabel('Номер упаковки').fill('УП-77');
    await form.getByTestId('photo-input').setInputFiles({ name: 'брак.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText('брак.png')).toBeVisible();
    await shot(page, 'aftersales-return-form');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(page).toHaveURL(/\/returns\/\d+\/$/);
    const url = page.url();
    const id = /\/returns\/(\d+)\//.exec(url)![1]!;
    await expect(page.getByRole('heading', { name: `Возврат № ${id}` })).toBeVisible();
    await expect(page.getByText('Трещина на корпусе <script>alert(1)</script>')).toBeVisible();
    await expect(page.getByRole('img', { name: 'брак.png' })).toBeVisible();
    await expect(page.getByText('Новая', { exact: true })).toBeVisible();
    await signOut(page);

    await signIn(page, 'employee');
    await page.goto(`/returns/${id}/`);
    await expect(page.getByRole('img', { name: 'брак.png' })).toBeVisible();
    await page.getByRole('link', { name: 'Комментарий и статус' }).click();
    await expect(page).toHaveURL(new RegExp(`/returns/${id}/comment/$`));
    const comment = page.getByRole('dialog', { name: `Комментарий к возврату № ${id}` });
    await comment.getByLabel('Новый статус').click();
    await page.getByRole('option', { name: 'Одобрена' }).click();
    await comment.getByLabel('Комментарий').fill('Возврат одобрен, привезите товар на склад.');
    await shot(page, 'aftersales-return-comment');
    await comment.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/returns/${id}/$`));
    await expect(page.getByTestId('return-comment')).toContainText('Возврат одобрен, привезите товар на склад.');
    await signOut(page);

    await signIn(page, 'dealer');
    await expect(page.getByTestId('notice-bell')).toHaveAccessibleName(/Непрочитанных уведомлений: \d+/);
    await page.goto(`/returns/${id}/`);
    await expect(page.getByText('Одобрена').first()).toBeVisible();
    await expect(page.getByTestId('return-comment')).toContainText('Возврат одобрен, привезите товар на склад.');
    await shot(page, 'aftersales-return-detail');
    await page.goto('/returns/?status=APPROVED');
    await expect(page.getByRole('link', { name: id, exact: true })).toBeVisible();
    await page.goto('/returns/?status=REJECTED');
    await expect(page.getByRole('link', { name: id, exact: true })).toHaveCount(0);
    await phoneShot(page, 'aftersales-return-detail-phone');
    const mail = await lastMailTo('dealer@agromash.local', `Возврат № ${id}`);
    expect(mail.subject).toBe(`Возврат № ${id}: статус «Одобрена»`);
    // The notice of the change opens the return and is marked read.
    await page.goto('/notice/');
    await page
      .getByTestId('notice')
      .filter({ hasText: `Возврат № ${id}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/returns/${id}/$`));
  });

  test('goods of a shipped order are returned from its page; a new order says why it cannot be', async ({ page }) => {
    await signIn(page, 'dealer');
    const orders = await restCall<{ items: Array<{ id: number; status: { code: string } }> }>(page, 'order/list', {
      size: -1,
    });
    const shipped = orders.items.find((o) => o.status.code === 'S')!.id;
    const fresh = orders.items.find((o) => o.status.code === 'N')!.id;

    await page.goto(`/order/${shipped}/`);
    await expect(page.getByTestId('order-return-until')).toContainText('Товар можно вернуть до');
    await expect(page.getByRole('link', { name: 'Вернуть товар' })).toBeVisible();
    const line = page.getByTestId('order-line').last();
    const article = (await line.locator('td').nth(1).innerText()).trim();
    await line.getByRole('link', { name: `Вернуть ${article}` }).click();
    // The dialog stands over the order detail, prefilled with the order and the product (docs/spec/02-screens.md).
    await expect(page).toHaveURL(new RegExp(`/order/${shipped}/returns/\\d+/$`));
    const form = page.getByRole('dialog', { name: 'Заявка на возврат товара' });
    await expect(form.getByRole('combobox', { name: 'Товар' })).toContainText(article);
    await expect(form.getByText(/Вернуть товар можно до \d\d\.\d\d\.\d{4}/)).toBeVisible();
    await expect(page.getByTestId('order-line').first()).toBeAttached();
    await shot(page, 'aftersales-order-return');
    await phoneShot(page, 'aftersales-order-return-phone');
    await form.getByLabel('Причина возврата').fill('Не подошла по размеру');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(page).toHaveURL(/\/returns\/\d+\/$/);
    await expect(page.getByText('Не подошла по размеру')).toBeVisible();

    // A new order has not been shipped: no return button, and the dialog explains.
    await page.goto(`/order/${fresh}/`);
    await expect(page.getByTestId('order-line').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Вернуть товар' })).toHaveCount(0);
    await page.goto(`/order/${fresh}/returns/`);
    await expect(page.getByTestId('return-refused')).toContainText(
      'Заказ в статусе «Новый»: вернуть товар можно после отгрузки',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/order/${fresh}/$`));
  });

  test('a request for three missing numbers: one turns “Есть на сайте” once the part is added', async ({ page }) => {
    const stamp = Date.now().toString().slice(-6);
    const numbers = [`ZQ-${stamp}-1`, `ZQ-${stamp}-2`, `ZQ-${stamp}-3`];
    await signIn(page, 'dealer');
    await page.goto('/wishes/create/');
    await page.getByTestId('wish-parts').fill(`${numbers[0]} 2\n${numbers[1]}\n${numbers[2]} 5`);
    await page.getByLabel('Модель техники').fill('John Deere 6130M');
    await shot(page, 'aftersales-wish-create');
    await page.getByRole('button', { name: 'Создать заявки' }).click();
    await expect(page).toHaveURL(/\/wishes\/$/);
    for (const n of numbers) {
      await expect(page.getByTestId('wish-row').filter({ hasText: n })).toContainText('Нет на сайте');
    }
    await signOut(page);

    // The supplier answers by putting the part on the site.
    await signIn(page, 'employee');
    await page.goto('/wishes/');
    await page.getByRole('link', { name: numbers[1]! }).click();
    await page.getByRole('button', { name: 'Добавить деталь в каталог' }).click();
    await page.getByLabel('Название товара').fill('Фильтр гидравлический');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByTestId('wish-status')).toHaveText('Есть на сайте');
    await signOut(page);

    await signIn(page, 'dealer');
    await page.goto('/wishes/');
    await expect(page.getByTestId('wish-row').filter({ hasText: numbers[1]! })).toContainText('Есть на сайте');
    await expect(page.getByTestId('wish-row').filter({ hasText: numbers[0]! })).toContainText('Нет на сайте');
    await expect(page.getByTestId('wish-row').filter({ hasText: numbers[2]! })).toContainText('Нет на сайте');
    await shot(page, 'aftersales-wishes');
    await phoneShot(page, 'aftersales-wishes-phone');
    await page.getByRole('link', { name: numbers[0]! }).click();
    await page.getByRole('button', { name: 'Отправить менеджеру' }).click();
    const mail = await lastMailTo('employee@dealer-portal.local', numbers[0]!);
    expect(mail.subject).toContain(numbers[0]!);
  });

  test('a support appeal and its answer', async ({ page }) => {
    await signIn(page, 'dealer');
    await page.goto('/support/');
    await expect(page.getByRole('heading', { name: 'Мои обращения' })).toBeVisible();
    await page.getByRole('link', { name: 'Новое обращение' }).click();
    await expect(page).toHaveURL(/\/support\/create\/$/);
    // The form's own rules, checked before anything is sent.
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('Проверьте правильность заполнения полей формы')).toBeVisible();
    await expect(page.getByText('Необходимо ваше согласие')).toBeVisible();
    await page.getByRole('textbox', { name: /^Тема\s*\*?$/ }).fill('Счёт на <b>оплату</b>');
    await page
      .getByRole('textbox', { name: /^Сообщение/ })
      .fill('Пришлите, пожалуйста, счёт на оплату последнего заказа.');
    // The phone comes from the profile (decision 191); the dealer gives another one for this appeal.
    await expect(page.getByLabel('Телефон для связи')).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
    await page.getByLabel('Телефон для связи').clear();
    await page.getByLabel('Телефон для связи').pressSequentially('9131234567');
    await expect(page.getByLabel('Телефон для связи')).toHaveValue('+7 (913) 123-45-67');
    await page.getByLabel(/Я согласен на обработку персональных данных/).check();
    await shot(page, 'aftersales-support-create');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page).toHaveURL(/\/support\/\d+\/$/);
    const id = /\/support\/(\d+)\//.exec(page.url())![1]!;
    await expect(page.getByTestId('appeal')).toContainText('Счёт на <b>оплату</b>');
    await expect(page.getByTestId('answer-status')).toHaveText('Ожидает ответа');
    await signOut(page);

    await signIn(page, 'employee');
    await page.goto(`/support/${id}/`);
    await page.getByLabel('Текст ответа').fill('Счёт выставлен, он в разделе заказа.');
    await page.getByRole('button', { name: 'Отправить ответ' }).click();
    await expect(page.getByTestId('answer-status')).toHaveText('Решено');
    await signOut(page);

    await signIn(page, 'dealer');
    await page.goto(`/support/${id}/`);
    await expect(page.getByTestId('appeal-answer')).toContainText('Счёт выставлен, он в разделе заказа.');
    await expect(page.getByTestId('answer-status')).toHaveText('Решено');
    await shot(page, 'aftersales-support-detail');
    await phoneShot(page, 'aftersales-support-detail-phone');
    const mail = await lastMailTo('dealer@agromash.local', 'Ответ на обращение');
    expect(mail.subject).toContain('Ответ на обращение');
    await page.goto('/forms/');
    await expect(page.getByRole('heading', { name: 'Претензия по доставке' })).toBeVisible();
    await shot(page, 'aftersales-forms');
  });

  test('subscribing to the mailing needs consent', async ({ page }) => {
    await signIn(page, 'dealer');
    await page.goto('/mailing/');
    await expect(page.getByTestId('mailing-state')).toHaveText('Вы не подписаны на рассылку');
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await expect(page.getByText('Для подписки нужно согласие на получение рассылки')).toBeVisible();
    await page.getByLabel('Я согласен получать рассылку').check();
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await expect(page.getByTestId('mailing-state')).toContainText('Вы подписаны на рассылку');
    await shot(page, 'aftersales-mailing');
    await phoneShot(page, 'aftersales-mailing-phone');
    await page.getByRole('button', { name: 'Отписаться' }).click();
    await expect(page.getByTestId('mailing-state')).toHaveText('Вы не подписаны на рассылку');
  });

  test('notices and messages', async ({ page }) => {
    await signIn(page, 'dealer');
    await expect(page.getByTestId('notice-bell')).toBeVisible();
    await page.goto('/notice/?tab=messages');
    await page.getByRole('button', { name: 'Новое сообщение' }).click();
    await page.getByRole('dialog').getByLabel('Сообщение').fill('Здравствуйте! <i>Когда поставка?</i>');
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByTestId('message').first()).toContainText('Здравствуйте! <i>Когда поставка?</i>');
    await shot(page, 'aftersales-messages');
    await page.goto('/notice/');
    await shot(page, 'aftersales-notices');
  });
});
