import {
  AGREEMENT_PREFIX,
  type contentAdminMethods,
  type FormAdmin,
  type FormField,
  type FormTranslation,
  type Language,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, invalidFields, notFound } from '../../rest/app-error.js';
import { inTransaction, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import * as q from './queries.js';
import type { FormsTable } from './tables.js';

/**
 * The back office's editing of the support forms (decision 043: one definition, checked by the browser and
 * the server), with the forms' tables. Every write is one transaction with its audit line (decision 101).
 */

export type FormAdminMethod = 'form/admin-list' | 'form/create' | 'form/update' | 'form/delete';

const count = (n: unknown) => Number(n);

export const formAdminHandlers: Pick<Handlers<typeof contentAdminMethods>, FormAdminMethod> = {
  /* Support forms (decision 043: one definition, checked by the browser and the server) */
  async 'form/admin-list'(input, ctx) {
    const { count: matching, rows } = await q.formsPage(ctx.db, input?.filter?.search, input);
    return { count: matching, items: rows.map(toFormAdmin) };
  },
  async 'form/create'({ fields: f }, ctx) {
    return inTransaction(ctx, async (db) => {
      if (await q.formWithCode(db, f.code)) throw invalidFields(ctx.language, { 'fields.code': 'error.formCodeTaken' });
      const definition = await formDefinition(db, ctx.language, f.fields);
      const row = await q.insertForm(db, {
        code: f.code,
        title: f.title,
        title_en: f.titleEn,
        description: f.description,
        fields: JSON.stringify(definition),
        translation_en: JSON.stringify(formTranslation(f, definition, {})),
        sort: f.sort,
      });
      const item = toFormAdmin({ ...row, answers: 0 });
      await recordAudit(db, ctx, { entity: 'form', id: row.id, action: 'create', after: item });
      return item;
    });
  },
  async 'form/update'({ id, fields: f }, ctx) {
    return inTransaction(ctx, async (db) => {
      const old = await q.lockForm(db, id);
      if (!old) throw notFound();
      if (await q.formWithCode(db, f.code, id))
        throw invalidFields(ctx.language, { 'fields.code': 'error.formCodeTaken' });
      const definition = await formDefinition(db, ctx.language, f.fields);
      const row = await q.updateForm(db, id, {
        code: f.code,
        title: f.title,
        title_en: f.titleEn,
        description: f.description,
        fields: JSON.stringify(definition),
        translation_en: JSON.stringify(formTranslation(f, definition, old.translation_en)),
        sort: f.sort,
      });
      const answers = await q.answerCount(db, id);
      const item = toFormAdmin({ ...row, answers });
      await recordAudit(db, ctx, {
        entity: 'form',
        id,
        action: 'update',
        before: toFormAdmin({ ...old, answers: 0 }),
        after: item,
      });
      return item;
    });
  },
  /** Answers keep their own copy of the fields (decision 043), but they belong to the form: it stays while it has some. */
  async 'form/delete'({ id }, ctx) {
    return inTransaction(ctx, async (db) => {
      const old = await q.lockForm(db, id);
      if (!old) throw notFound();
      if (await q.formHasAnswers(db, id)) throw new AppError('CONFLICT', 'error.formHasAnswers');
      await q.deleteForm(db, id);
      await recordAudit(db, ctx, { entity: 'form', id, action: 'delete', before: toFormAdmin({ ...old, answers: 0 }) });
      return { ok: true as const };
    });
  },
};

type FormRow = Selectable<FormsTable> & { answers: unknown };
const toFormAdmin = (r: FormRow): FormAdmin => ({
  id: r.id,
  code: r.code,
  title: r.title,
  titleEn: r.title_en,
  description: r.description,
  fields: r.fields,
  translationEn: r.translation_en ?? {},
  sort: r.sort,
  answers: count(r.answers),
});

type FieldInput = Parameters<(typeof formAdminHandlers)['form/create']>[0]['fields']['fields'][number];

/** The stored definition (decision 043) of what the page sends: ids, names, `required` from the rules. */
async function formDefinition(db: Db, lang: Language, fields: FieldInput[]): Promise<FormField[]> {
  const agreementIds = fields.map((f) => f.agreementId).filter((id): id is number => id !== null);
  if (agreementIds.length > 0) {
    const known = new Set(await q.knownAgreementIds(db, agreementIds));
    const errors: Record<string, string> = {};
    fields.forEach((f, i) => {
      if (f.agreementId !== null && !known.has(f.agreementId))
        errors[`fields.fields.${i}.agreementId`] = 'error.notFound';
    });
    if (Object.keys(errors).length) throw invalidFields(lang, errors);
  }
  const codes = new Set(fields.map((f) => (f.type === 'AGREEMENT' ? `${AGREEMENT_PREFIX}${f.agreementId}` : f.code)));
  return fields.map((f, i) => {
    const code = f.type === 'AGREEMENT' ? `${AGREEMENT_PREFIX}${f.agreementId}` : f.code;
    return {
      id: i + 1,
      code,
      type: f.type,
      name: code,
      mask: f.mask || null,
      label: f.label,
      required: f.rules.length > 0,
      readonly: f.readonly,
      options: f.options.map((o) => ({ title: o.title, value: o.value })),
      rules: f.rules.map((r) => ({ regex: r.regex, message: r.message })),
      // A condition on a field the form does not have would hide the field for ever: such conditions go.
      conditions: f.conditions.filter((c) => codes.has(c.field)),
      value: f.value,
      agreementId: f.type === 'AGREEMENT' ? f.agreementId : null,
    };
  });
}

type FormInput = Parameters<(typeof formAdminHandlers)['form/create']>[0]['fields'];

/**
 * The English overlay (decision 148) of what the editor sends, keyed as `translateFields` reads it: per
 * field code its label, readonly value, option titles by value and rule messages by position. A text the
 * caller left out keeps the stored one (of the same code, value and position); an empty one is none.
 */
function formTranslation(f: FormInput, definition: FormField[], old: FormTranslation): FormTranslation {
  const kept = <T>(sent: T | undefined, stored: T | undefined) => (sent === undefined ? stored : sent);
  const fields: NonNullable<FormTranslation['fields']> = {};
  f.fields.forEach((x, i) => {
    const code = definition[i]!.code;
    const before = old.fields?.[code];
    const entry: NonNullable<NonNullable<FormTranslation['fields']>[string]> = {};
    const label = kept(x.labelEn, before?.label);
    if (label) entry.label = label;
    const value = kept(x.valueEn, before?.value);
    if (value) entry.value = value;
    const options = Object.fromEntries(
      x.options
        .map((o) => [o.value, kept(o.titleEn, before?.options?.[o.value]) ?? ''] as const)
        .filter(([, title]) => title),
    );
    if (Object.keys(options).length) entry.options = options;
    const messages = x.rules.map((r, j) => kept(r.messageEn, before?.messages?.[j]) ?? '');
    if (messages.some(Boolean)) entry.messages = messages;
    if (Object.keys(entry).length) fields[code] = entry;
  });
  const description = kept(f.descriptionEn, old.description);
  return { ...(description ? { description } : {}), ...(Object.keys(fields).length ? { fields } : {}) };
}
