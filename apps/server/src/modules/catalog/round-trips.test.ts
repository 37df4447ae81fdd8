import { plainAnswers } from '@portal/contract';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

/**
 * Database round trips of the catalogue's listings, counted with the statement probe over real HTTP, the
 * session check included (decision 224): the price context with the catalogue version and the settings'
 * thresholds, and the listing's own statement; the counts come from the cache once warm, and the signed-in
 * session from the instance's copy (decision 251: no statement).
 */
describe('catalogue listings send a bounded number of statements per call', () => {
  let t: TestApp;
  let dealer: TestClient;
  let section: number;
  let cardId: number;
  let twoFacets: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    dealer = await t.as('dealer');
    const sections = await dealer.ok('section/list', { size: -1, filter: { level: 2 } });
    section = [...sections.items].sort((a, b) => b.elementCnt - a.elementCnt)[0]!.id;
    cardId = (await dealer.ok('product/list', { filter: { category: section }, size: 1 })).items[0]!.id;
    const facets = await dealer.ok('product/get-filter', { filter: { category: section } });
    twoFacets = {};
    for (const f of facets.items) {
      const v = f.VALUES.find((x) => x.ELEMENT_COUNT > 0);
      if (v && Object.keys(twoFacets).length < 2 && f.CODE !== 'MACHINE') twoFacets[`F_${f.CODE}`] = v.HTML_VALUE;
    }
  });
  afterAll(() => t.close());

  /** Statements per call of `runs` calls after a warm-up call (caches filled, session touched). */
  async function perCall(name: string, input: unknown, runs = 5): Promise<number> {
    const first = await dealer.raw(name, input);
    expect(first.status).toBe(200);
    const probe = t.app.portal.database.probe;
    const before = probe.statements;
    for (let i = 0; i < runs; i++) expect((await dealer.raw(name, input)).status).toBe(200);
    return (probe.statements - before) / runs;
  }

  it('the product card: the price context with the favourites (the card and the session kept)', async () => {
    // 5 before decision 224 (the card and its similar rows apart, the settings row apart from the context),
    // 3 before decision 250 (the card's own statement on every call), 2 before decision 251 (the session).
    expect(await perCall('product/get', { id: cardId })).toBe(1);
  });

  it('a kept card shows the favourites as they are now', async () => {
    const card = await dealer.ok('product/get', { id: cardId });
    expect(card.isFavorite).toBeUndefined();
    const similar = card.similar?.[0]?.id;
    await dealer.ok('favorite/create', { id: cardId });
    if (similar !== undefined) await dealer.ok('favorite/create', { id: similar });
    try {
      const marked = await dealer.ok('product/get', { id: cardId });
      // Where a freshly built card has it: after the product's own keys, before the card's.
      expect(Object.keys(marked).indexOf('isFavorite')).toBeLessThan(Object.keys(marked).indexOf('dict'));
      expect(marked).toEqual({
        ...card,
        isFavorite: true,
        ...(similar !== undefined
          ? { similar: card.similar!.map((p) => (p.id === similar ? { ...p, isFavorite: true } : p)) }
          : {}),
      });
      const other = await t.as('dealer2');
      expect((await other.ok('product/get', { id: cardId })).isFavorite).toBeUndefined();
    } finally {
      await dealer.ok('favorite/delete', { id: cardId });
      if (similar !== undefined) await dealer.ok('favorite/delete', { id: similar });
    }
    expect((await dealer.ok('product/get', { id: cardId })).isFavorite).toBeUndefined();
  });

  it('product/list: the price context with the favourites (the page, its count and the session kept)', async () => {
    const pages: unknown[] = [
      { filter: { category: section }, size: 60 },
      { filter: { category: section }, size: 240, sort: { PRICE: 'ASC' } },
      { filter: { category: section, ...twoFacets }, size: 60 },
      { size: 60 },
      { filter: { search: 'фильтр' }, size: 60 },
    ];
    for (const input of pages)
      // 3 before decision 250 (the page's rows were read on every call), 2 before decision 251 (the session).
      expect({ input, statements: await perCall('product/list', input) }).toEqual({ input, statements: 1 });
  });

  it('a kept page or card is sent as its own JSON: the text of the object, the same in plain entities', async () => {
    for (const [name, input] of [
      ['product/list', { filter: { category: section }, size: 60 }],
      ['product/get', { id: cardId }],
    ] as const) {
      await dealer.raw(name, input);
      const kept = await dealer.raw(name, input);
      expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(kept.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(kept.body)));
      const plain = await dealer.raw(name, { ...input, shape: 'entities' });
      const expand = plainAnswers[name] as (a: unknown, l: 'ru') => unknown;
      expect(expand(kept.body.result, 'ru')).toEqual(plain.body.result);
      // As a browser receives it: compressed like any other answer, the same JSON once decoded.
      const br = await t.app.inject({
        method: 'POST',
        url: `/rest/${name}?sessid=${dealer.sessid}`,
        headers: { cookie: dealer.cookie, 'content-type': 'application/json', 'accept-encoding': 'br' },
        payload: JSON.stringify(input),
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(kept.body);
    }
  });

  it('a kept page shows the favourites as they are now, and a user with many favourites reads them per page', async () => {
    const input = { filter: { category: section }, size: 60 };
    const flags = async () =>
      new Map((await dealer.ok('product/list', input)).items.map((p) => [p.id, p.isFavorite === true]));
    const ids = [...(await flags()).keys()];
    const [a, b] = [ids[0]!, ids[1]!];
    await dealer.ok('favorite/create', { id: a });
    expect((await flags()).get(a)).toBe(true);
    expect((await flags()).get(b)).toBe(false);
    // Another dealer's page of the same query is kept once, and never shows the first dealer's favourites.
    const other = await t.as('dealer2');
    expect((await other.ok('product/list', input)).items.find((p) => p.id === a)?.isFavorite).toBeUndefined();
    await dealer.ok('favorite/delete', { id: a });
    expect((await flags()).get(a)).toBe(false);
    // More favourites than the price context carries (FAVORITES_INLINE): one statement more, the same flags.
    const db = t.app.portal.database.db;
    const user = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirstOrThrow();
    const many = await db.selectFrom('products').select('id').where('active', '=', true).limit(501).execute();
    await db
      .insertInto('favorites')
      .values(many.map((p) => ({ user_id: user.id, product_id: p.id })))
      .onConflict((c) => c.doNothing())
      .execute();
    try {
      const marked = await dealer.ok('product/list', input);
      const expected = new Set(many.map((p) => p.id));
      for (const p of marked.items)
        expect({ id: p.id, fav: p.isFavorite === true }).toEqual({ id: p.id, fav: expected.has(p.id) });
      expect(await perCall('product/list', input)).toBe(2);
    } finally {
      await db.deleteFrom('favorites').where('user_id', '=', user.id).execute();
    }
  });

  it('product/get-filter from the cache: the price context only (the session kept)', async () => {
    expect(await perCall('product/get-filter', { filter: { category: section } })).toBe(1);
    expect(await perCall('product/get-filter', { filter: { category: section, ...twoFacets } })).toBe(1);
  });
});
