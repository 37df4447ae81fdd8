import {
  AGREEMENT_PREFIX,
  MAILING_AGREEMENT_CODE,
  SUPPORT_FORM_CODE,
  type FormField,
  type FormTranslation,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import './tables.js';

type FieldSeed = Partial<FormField> & Pick<FormField, 'code' | 'label'>;

function fields(list: FieldSeed[]): FormField[] {
  return list.map((f, i) => {
    const rules = f.rules ?? [];
    return {
      id: i + 1,
      type: 'TEXT',
      name: f.code,
      mask: null,
      readonly: false,
      options: [],
      conditions: [],
      value: null,
      agreementId: null,
      ...f,
      rules,
      required: rules.length > 0,
    };
  });
}

function agreementField(id: number, label: string): FieldSeed {
  const code = `${AGREEMENT_PREFIX}${id}`;
  return {
    code,
    name: code,
    type: 'AGREEMENT',
    label,
    agreementId: id,
    rules: [{ regex: '^true$', message: 'Необходимо ваше согласие' }],
  };
}

const PERSONAL_DATA_TEXT = `<p>Я даю согласие ООО «ТехЗапчасть» на обработку моих персональных данных (фамилия, имя, отчество,
телефон, адрес электронной почты, сведения об организации) в целях рассмотрения обращения и связи со мной.</p>
<p>Согласие действует до его отзыва. Отозвать согласие можно, написав в поддержку портала.</p>`;

const MAILING_TEXT = `<p>Я согласен получать на указанный адрес электронной почты новости, сведения о новых поступлениях,
акциях и изменениях условий работы ООО «ТехЗапчасть».</p>
<p>Отписаться можно в любой момент на странице «Рассылка» или по ссылке в письме.</p>`;

const PERSONAL_DATA_TEXT_EN = `<p>I consent to TechZapchast LLC processing my personal data (surname, first name, patronymic, phone,
e-mail address, company details) to consider my request and contact me.</p>
<p>The consent is valid until withdrawn. To withdraw it, write to the portal's support.</p>`;

const MAILING_TEXT_EN = `<p>I agree to receive news, information about new arrivals, promotions and changes of the terms of
TechZapchast LLC at the e-mail address given.</p>
<p>You can unsubscribe at any time on the «Mailing» page or by the link in the e-mail.</p>`;

const CONSENT_EN = (id: number) => ({
  [`${AGREEMENT_PREFIX}${id}`]: {
    label: 'I agree to the processing of personal data',
    messages: ['Your consent is required'],
  },
});

/** The English texts of the three demo forms (decision 145). */
function englishOf(personal: number): Record<string, FormTranslation> {
  return {
    [SUPPORT_FORM_CODE]: {
      description: 'Ask the portal support a question: the answer comes by e-mail and appears under «My requests».',
      fields: {
        TOPIC: {
          label: 'Category',
          options: { ORDER: 'Order', RETURN: 'Return of goods', CATALOG: 'Catalogue and prices', OTHER: 'Other' },
          messages: ['Choose the category'],
        },
        ORDER_NUMBER: { label: 'Order', messages: ['Choose the order'] },
        SUBJECT: { label: 'Subject', messages: ['The subject must be 3 to 200 characters long'] },
        MESSAGE: { label: 'Message', messages: ['Describe the question in more detail: at least 10 characters'] },
        PHONE: { label: 'Contact phone' },
        CALL_ME: { label: 'Call me back' },
        CHANNEL: { label: 'Channel', value: 'Dealer portal' },
        ...CONSENT_EN(personal),
      },
    },
    CALLBACK: {
      description: 'A manager will call you back at the time you choose.',
      fields: {
        NAME: { label: 'Your name', messages: ['Give your name'] },
        PHONE: { label: 'Phone', messages: ['Enter the full phone number'] },
        TIME: {
          label: 'Convenient time',
          options: { MORNING: 'Morning (9–12)', DAY: 'Afternoon (12–15)', EVENING: 'Evening (15–18)' },
        },
        ...CONSENT_EN(personal),
      },
    },
    DELIVERY_CLAIM: {
      description: 'Damage, shortage or late delivery.',
      fields: {
        ORDER_NUMBER: { label: 'Order', messages: ['Choose the order'] },
        CLAIM_TYPE: {
          label: 'What happened',
          options: { DAMAGED: 'Damaged in delivery', SHORTAGE: 'Shortage', DELAY: 'Late delivery' },
          messages: ['Choose what happened'],
        },
        DELIVERY_DATE: { label: 'Delivery date', messages: ['Give the delivery date'] },
        DESCRIPTION: { label: 'Description', messages: ['Describe the claim in more detail: at least 10 characters'] },
        EMAIL: { label: 'E-mail for the answer', messages: ['Enter a valid e-mail address'] },
        ...CONSENT_EN(personal),
      },
    },
  };
}

/** Agreements, the three demo forms, two appeals of the demo dealer (one answered) and a few notices. */
export async function seedForms(db: Db): Promise<void> {
  const agreements = await db
    .insertInto('agreements')
    .values([
      {
        code: 'PERSONAL_DATA',
        title: 'Согласие на обработку персональных данных',
        text: PERSONAL_DATA_TEXT,
        title_en: 'Consent to the processing of personal data',
        text_en: PERSONAL_DATA_TEXT_EN,
      },
      {
        code: MAILING_AGREEMENT_CODE,
        title: 'Согласие на получение рассылки',
        text: MAILING_TEXT,
        title_en: 'Consent to receive the mailing',
        text_en: MAILING_TEXT_EN,
      },
    ])
    .returning(['id', 'code'])
    .execute();
  const personal = agreements.find((a) => a.code === 'PERSONAL_DATA')!.id;
  const consentLabel = 'Я согласен на обработку персональных данных';

  const support = fields([
    {
      code: 'TOPIC',
      type: 'SELECT',
      // A category, not a second subject: «Тема» below is the one subject (decision 191).
      label: 'Категория',
      options: [
        { title: 'Заказ', value: 'ORDER' },
        { title: 'Возврат товара', value: 'RETURN' },
        { title: 'Каталог и цены', value: 'CATALOG' },
        { title: 'Другое', value: 'OTHER' },
      ],
      rules: [{ regex: '^(ORDER|RETURN|CATALOG|OTHER)$', message: 'Выберите категорию' }],
      value: 'OTHER',
    },
    {
      code: 'ORDER_NUMBER',
      type: 'ORDER',
      label: 'Заказ',
      conditions: [{ field: 'TOPIC', value: 'ORDER' }],
      rules: [{ regex: '^\\d{1,10}$', message: 'Выберите заказ' }],
    },
    {
      code: 'SUBJECT',
      label: 'Тема',
      rules: [{ regex: '^[\\s\\S]{3,200}$', message: 'Тема должна содержать от 3 до 200 символов' }],
    },
    {
      code: 'MESSAGE',
      type: 'TEXTAREA',
      label: 'Сообщение',
      rules: [{ regex: '^[\\s\\S]{10,}$', message: 'Опишите вопрос подробнее — не меньше 10 символов' }],
    },
    { code: 'PHONE', type: 'PHONE', label: 'Телефон для связи', mask: '+7 (999) 999-99-99' },
    { code: 'CALL_ME', type: 'CHECKBOX', label: 'Перезвоните мне' },
    { code: 'CHANNEL', label: 'Канал обращения', readonly: true, value: 'Дилерский портал' },
    agreementField(personal, consentLabel),
  ]);
  const callback = fields([
    { code: 'NAME', label: 'Как к вам обращаться', rules: [{ regex: '^.{2,100}$', message: 'Укажите имя' }] },
    {
      code: 'PHONE',
      type: 'PHONE',
      label: 'Телефон',
      mask: '+7 (999) 999-99-99',
      rules: [{ regex: '^\\+7 \\(\\d{3}\\) \\d{3}-\\d{2}-\\d{2}$', message: 'Введите телефон полностью' }],
    },
    {
      code: 'TIME',
      type: 'RADIO',
      label: 'Удобное время',
      options: [
        { title: 'Утром (9–12)', value: 'MORNING' },
        { title: 'Днём (12–15)', value: 'DAY' },
        { title: 'Вечером (15–18)', value: 'EVENING' },
      ],
      value: 'DAY',
    },
    agreementField(personal, consentLabel),
  ]);
  const claim = fields([
    {
      code: 'ORDER_NUMBER',
      type: 'ORDER',
      label: 'Заказ',
      rules: [{ regex: '^\\d{1,10}$', message: 'Выберите заказ' }],
    },
    {
      code: 'CLAIM_TYPE',
      type: 'SELECT',
      label: 'Что случилось',
      options: [
        { title: 'Повреждение при доставке', value: 'DAMAGED' },
        { title: 'Недостача', value: 'SHORTAGE' },
        { title: 'Опоздание доставки', value: 'DELAY' },
      ],
      rules: [{ regex: '^(DAMAGED|SHORTAGE|DELAY)$', message: 'Выберите, что случилось' }],
    },
    {
      code: 'DELIVERY_DATE',
      type: 'DATE',
      label: 'Дата доставки',
      rules: [{ regex: '^\\d{4}-\\d{2}-\\d{2}$', message: 'Укажите дату доставки' }],
    },
    {
      code: 'DESCRIPTION',
      type: 'TEXTAREA',
      label: 'Описание',
      rules: [{ regex: '^[\\s\\S]{10,}$', message: 'Опишите претензию подробнее — не меньше 10 символов' }],
    },
    {
      code: 'EMAIL',
      type: 'EMAIL',
      label: 'E-mail для ответа',
      rules: [{ regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', message: 'Введите корректный адрес электронной почты' }],
    },
    agreementField(personal, consentLabel),
  ]);
  const english = englishOf(personal);
  const forms = await db
    .insertInto('forms')
    .values([
      {
        code: SUPPORT_FORM_CODE,
        title: 'Обращение в поддержку',
        title_en: 'Support request',
        description: 'Задайте вопрос поддержке портала — ответ придёт на почту и появится в разделе «Мои обращения».',
        fields: JSON.stringify(support),
        translation_en: JSON.stringify(english[SUPPORT_FORM_CODE]),
        sort: 10,
      },
      {
        code: 'CALLBACK',
        title: 'Заказать обратный звонок',
        title_en: 'Request a call back',
        description: 'Менеджер перезвонит в выбранное время.',
        fields: JSON.stringify(callback),
        translation_en: JSON.stringify(english['CALLBACK']),
        sort: 20,
      },
      {
        code: 'DELIVERY_CLAIM',
        title: 'Претензия по доставке',
        title_en: 'Delivery claim',
        description: 'Повреждение, недостача или опоздание доставки.',
        fields: JSON.stringify(claim),
        translation_en: JSON.stringify(english['DELIVERY_CLAIM']),
        sort: 30,
      },
    ])
    .returning(['id', 'code'])
    .execute();

  const dealer = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
  if (!dealer) return;
  const supportId = forms.find((f) => f.code === SUPPORT_FORM_CODE)!.id;
  await db
    .insertInto('consents')
    .values({ user_id: dealer.id, agreement_id: personal })
    .onConflict((oc) => oc.columns(['user_id', 'agreement_id']).doNothing())
    .execute();
  const field = (id: number, sid: string, title: string, value: string) => ({ id, type: 'TEXT', sid, title, value });
  const answered = await db
    .insertInto('answers')
    .values([
      {
        form_id: supportId,
        user_id: dealer.id,
        status: 'CORRECTED',
        user_fields: JSON.stringify([
          field(1, 'TOPIC', 'Категория', 'Каталог и цены'),
          field(3, 'SUBJECT', 'Тема', 'Не вижу цены по безналичному расчёту'),
          field(4, 'MESSAGE', 'Сообщение', 'После смены способа оплаты в каталоге не отображаются цены.'),
        ]),
        admin_fields: JSON.stringify([
          field(1, 'ANSWER', 'Ответ', 'Мы обновили ваш тип цен, цены по безналичному расчёту снова видны.'),
        ]),
      },
      {
        form_id: supportId,
        user_id: dealer.id,
        status: 'NEW',
        user_fields: JSON.stringify([
          field(1, 'TOPIC', 'Категория', 'Заказ'),
          field(2, 'ORDER_NUMBER', 'Заказ', '1'),
          field(3, 'SUBJECT', 'Тема', 'Когда будет отгрузка?'),
          field(4, 'MESSAGE', 'Сообщение', 'Подскажите, пожалуйста, дату отгрузки заказа.'),
        ]),
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('notices')
    .values([
      {
        user_id: dealer.id,
        title: 'Добро пожаловать на дилерский портал',
        description: 'Здесь появляются уведомления о возвратах, обращениях и сообщениях от поставщика.',
        title_en: 'Welcome to the dealer portal',
        description_en: 'Notices of returns, requests and messages from the supplier appear here.',
        link: '/',
        was_read: true,
      },
      {
        user_id: dealer.id,
        title: `Ответ на обращение № ${answered[0]!.id}`,
        description: 'Статус: Решено.',
        title_en: `Answer to your request No. ${answered[0]!.id}`,
        description_en: 'Status: Resolved.',
        link: `/support/${answered[0]!.id}/`,
        was_read: false,
      },
    ])
    .execute();
}
