import {
  AGREEMENT_PREFIX,
  answerStatusCss,
  translate,
  checkFormValues,
  inLanguage,
  isFieldVisible,
  translateFields,
  type Answer,
  type FormField,
  type FormValues,
  type Language,
  type PortalForm,
  type formsMethods,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { countAndPageIds } from '../../rest/paging.js';
import { dealerCompanyCondition, fullNameOf, isAdmin, isStaff, userCards } from '../auth/index.js';
import { tellStaff, tellUser } from '../notices/index.js';
import type { FormsTable, StoredAnswerField } from './tables.js';
import { consentWithdrawn, isOrderOfAuthor } from './consents.js';
import * as q from './queries.js';

type FormRow = Selectable<FormsTable>;

/** The fields in the page's language: English texts laid over the stored ones (decision 145). */
function fieldsIn(row: Pick<FormRow, 'fields' | 'translation_en'>, language: Language): FormField[] {
  return language === 'en' ? translateFields(row.fields, row.translation_en) : row.fields;
}

function toForm(row: FormRow, language: Language): PortalForm {
  return {
    id: row.id,
    code: row.code,
    title: inLanguage(row.title, row.title_en, language),
    description: inLanguage(row.description, language === 'en' ? row.translation_en.description : '', language),
    fields: fieldsIn(row, language),
  };
}

/**
 * A stored answer field in the page's language: the title from the form's field of that code, a chosen
 * option by its value, a ticked box as Yes/No. What the user typed stays as typed.
 */
function answerFieldIn(
  f: StoredAnswerField,
  stored: FormField[],
  shown: FormField[],
  language: Language,
): StoredAnswerField {
  if (language !== 'en') return f;
  const i = stored.findIndex((x) => x.code === f.sid);
  const original = stored[i];
  const field = shown[i];
  if (!original || !field) return f;
  let value = f.value;
  const option = original.options.find((o) => o.title === f.value);
  if (option) value = field.options.find((o) => o.value === option.value)?.title ?? value;
  else if (original.type === 'CHECKBOX' || original.type === 'AGREEMENT')
    value =
      f.value === 'Да' ? translate(language, 'form.yes') : f.value === 'Нет' ? translate(language, 'form.no') : value;
  else if (original.readonly && original.value === f.value && typeof field.value === 'string') value = field.value;
  return { ...f, title: field.label, value };
}

async function answerViews(db: Db, ids: number[], language: Language): Promise<Answer[]> {
  if (ids.length === 0) return [];
  const rows = await q.answerRows(db, ids);
  const users = await userCards(
    db,
    rows.map((r) => r.user_id),
  );
  const byId = new Map(
    rows.flatMap((r) => {
      const author = users.get(r.user_id);
      if (!author) return [];
      const formTitle = inLanguage(r.title, r.title_en, language);
      const shown = fieldsIn(r, language);
      const subject = r.user_fields.find((f) => f.sid === 'SUBJECT')?.value;
      return [
        [
          r.id,
          {
            id: r.id,
            title: subject ? `№ ${r.id}: ${subject}` : `${formTitle} № ${r.id}`,
            date: new Date(r.created_at).toISOString(),
            updatedAt: new Date(r.updated_at).toISOString(),
            status: r.status,
            statusCss: answerStatusCss(r.status),
            form: { id: r.form_id, code: r.code, title: formTitle },
            user: { id: r.user_id, name: fullNameOf(author) || author.login },
            company: author.company,
            adminFields: r.admin_fields.map((f) =>
              language === 'en' && f.sid === 'ANSWER' ? { ...f, title: translate(language, 'form.answer') } : f,
            ),
            userFields: r.user_fields.map((f) => answerFieldIn(f, r.fields, shown, language)),
          } satisfies Answer,
        ] as const,
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((a): a is Answer => Boolean(a));
}

async function visibleAnswer(ctx: RestContext, id: number): Promise<Answer> {
  const actor = requireActor(ctx);
  const row = await q.answerId(ctx.db, id, isStaff(actor) ? null : actor.id);
  if (!row) throw notFound();
  const [view] = await answerViews(ctx.db, [row.id], ctx.language);
  if (!view) throw notFound();
  return view;
}

/** The generic message, with each field's own message (texts of the form, or message keys translated). */
function formInvalid(ctx: RestContext, fields: Record<string, string>) {
  const shown = Object.fromEntries(Object.entries(fields).map(([code, m]) => [code, translate(ctx.language, m, code)]));
  return new AppError('VALIDATION', 'validation.form', { fields: shown });
}

export const formsHandlers: Handlers<typeof formsMethods> = {
  async 'form/list'(input, ctx) {
    const rows = await q.formsByCode(ctx.db, input?.filter?.code);
    return { count: rows.length, items: rows.map((r) => toForm(r, ctx.language)) };
  },

  async 'form/get'(input, ctx) {
    const row = await q.formBy(ctx.db, input);
    if (!row) throw notFound();
    return toForm(row, ctx.language);
  },

  /**
   * A submission is checked against the form's own definition, exactly as the renderer checks it: no
   * unknown or repeated fields, readonly fields keep their value, every rule of a visible field holds,
   * agreements are ticked (and recorded as consents). Nothing is stored unless all of it passes.
   */
  async 'answer/create'({ payload }, ctx) {
    const actor = requireActor(ctx);
    const form = await q.formBy(ctx.db, { code: payload.code });
    if (!form) throw notFound();
    const byCode = new Map(form.fields.map((f) => [f.code, f]));
    const values: FormValues = {};
    const problems: Record<string, string> = {};
    for (const sent of payload.fields) {
      const field = byCode.get(sent.code);
      if (!field || (sent.id !== undefined && sent.id !== field.id)) problems[sent.code] = 'error.formUnknownField';
      else if (Object.hasOwn(values, sent.code)) problems[sent.code] = 'validation.invalid';
      else values[sent.code] = field.readonly ? (field.value ?? undefined) : sent.value;
    }
    if (Object.keys(problems).length) throw formInvalid(ctx, problems);
    for (const field of form.fields)
      if (field.readonly && values[field.code] === undefined && field.value !== null) {
        values[field.code] = field.value;
      }
    const errors = checkFormValues(fieldsIn(form, ctx.language), values);
    if (Object.keys(errors).length) throw formInvalid(ctx, errors);
    // An order field names one of the author's own orders; the list the browser offers is no guarantee.
    for (const f of form.fields) {
      const v = values[f.code];
      if (f.type !== 'ORDER' || !isFieldVisible(f, values) || typeof v !== 'string' || v.trim() === '') continue;
      if (!(await isOrderOfAuthor(ctx.db, Number(v.trim()), isAdmin(actor) ? null : actor.id)))
        errors[f.code] = 'error.formOrder';
    }
    if (Object.keys(errors).length) throw formInvalid(ctx, errors);

    const agreementIds = new Set(
      form.fields
        .filter((f) => f.type === 'AGREEMENT' && f.agreementId !== null && values[f.code] === true)
        .map((f) => f.agreementId as number),
    );
    for (const c of payload.consent ?? []) {
      if (!form.fields.some((f) => f.type === 'AGREEMENT' && f.agreementId === c.idAgreement)) {
        throw formInvalid(ctx, { [`${AGREEMENT_PREFIX}${c.idAgreement}`]: 'error.formUnknownField' });
      }
      agreementIds.add(c.idAgreement);
    }

    const userFields: StoredAnswerField[] = form.fields
      .filter((f) => isFieldVisible(f, values) && values[f.code] !== undefined && values[f.code] !== '')
      .map((f) => {
        const v = values[f.code];
        // Stored in the form's own (Russian) texts; each reader sees them in the page's language.
        const shown =
          typeof v === 'boolean'
            ? translate('ru', v ? 'form.yes' : 'form.no')
            : (f.options.find((o) => o.value === v)?.title ?? String(v ?? '').trim());
        return { id: f.id, type: f.type, sid: f.code, title: f.label, value: shown };
      });

    // The request and the managers' e-mail in one transaction: both are saved, or neither (decision 189).
    return ctx.db.transaction().execute(async (trx) => {
      for (const agreementId of agreementIds) await q.addConsent(trx, actor.id, agreementId);
      const id = await q.insertAnswer(trx, form.id, actor.id, userFields);
      const [view] = await answerViews(trx, [id], ctx.language);
      if (!view) throw notFound();
      await tellStaff(
        { ...ctx, db: trx },
        `${form.title}: новое обращение № ${id}`,
        [`Автор: ${view.user.name}`, ...userFields.map((f) => `${f.title}: ${f.value}`)].join('\n'),
        `/support/${id}/`,
      );
      return view;
    });
  },

  async 'answer/list'(input, ctx) {
    const actor = requireActor(ctx);
    const byDealer = isStaff(actor) ? dealerCompanyCondition('a.user_id', input.filter) : undefined;
    const list = q.filteredAnswers(ctx.db, isStaff(actor) ? null : actor.id, input.filter, byDealer);
    const { count, ids } = await countAndPageIds(list, 'a.id', input);
    return { count, items: await answerViews(ctx.db, ids, ctx.language) };
  },

  'answer/get': (input, ctx) => visibleAnswer(ctx, input.id),

  /** An employee answers and sets the status; the author gets a notice and an e-mail. */
  async 'answer/update'(input, ctx) {
    const current = await visibleAnswer(ctx, input.id);
    const adminFields: StoredAnswerField[] = [
      {
        id: 1,
        type: 'TEXTAREA',
        sid: 'ANSWER',
        title: translate('ru', 'form.answer'),
        value: input.answer,
      },
    ];
    const statusRu: Record<string, string> = { NEW: 'Новое', CORRECTED: 'Решено', NOT_CORRECTED: 'Не решено' };
    const statusEn: Record<string, string> = { NEW: 'New', CORRECTED: 'Resolved', NOT_CORRECTED: 'Not resolved' };
    // The answer and the author's notice and e-mail in one transaction (decision 189).
    await ctx.db.transaction().execute(async (trx) => {
      await q.answerAnswer(trx, current.id, input.status, adminFields);
      await tellUser({ ...ctx, db: trx }, current.user.id, {
        title: { ru: `Ответ на обращение ${current.title}`, en: `Answer to your request ${current.title}` },
        text: {
          ru: `Статус: ${statusRu[input.status]}.\nОтвет: ${input.answer}`,
          en: `Status: ${statusEn[input.status]}.\nAnswer: ${input.answer}`,
        },
        link: `/support/${current.id}/`,
      });
    });
    return visibleAnswer(ctx, current.id);
  },

  async 'consent/create'({ payload }, ctx) {
    const actor = requireActor(ctx);
    const agreement = await q.agreementId(ctx.db, payload.idAgreement);
    if (!agreement) throw notFound();
    await q.addConsent(ctx.db, actor.id, agreement.id);
    const row = await q.consentOf(ctx.db, actor.id, agreement.id);
    return { id: row.id, idAgreement: row.agreement_id };
  },

  /** Withdrawing consent to the mailing agreement also ends the subscription. */
  async 'consent/delete'(input, ctx) {
    const actor = requireActor(ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const row = await q.deleteConsent(trx, actor.id, input.id);
      if (!row) throw notFound();
      const agreement = await q.agreementCode(trx, row.agreement_id);
      const then = agreement ? consentWithdrawn(agreement.code) : undefined;
      if (then) await then(trx, actor.id);
    });
    return { ok: true as const };
  },

  async 'agreement/get'(input, ctx) {
    const row = await q.agreementBy(ctx.db, input);
    if (!row) throw notFound();
    return {
      id: row.id,
      code: row.code,
      title: inLanguage(row.title, row.title_en, ctx.language),
      text: inLanguage(row.text, row.text_en, ctx.language),
    };
  },
};
