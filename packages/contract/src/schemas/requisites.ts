/**
 * Checks of Russian company requisites with their real check-digit algorithms, so that a typo in an ИНН
 * or an account is caught before a bill is printed with it. Each returns a MESSAGES key or null.
 */
const digits = (s: string) => s.split('').map(Number);
const weighted = (d: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * (d[i] ?? 0), 0);

export function checkInn(inn: string): string | null {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return 'validation.inn';
  const d = digits(inn);
  if (inn.length === 10) {
    return (weighted(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === d[9] ? null : 'validation.innChecksum';
  }
  const n11 = (weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  const n12 = (weighted(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  return n11 === d[10] && n12 === d[11] ? null : 'validation.innChecksum';
}

export function checkKpp(kpp: string): string | null {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) ? null : 'validation.kpp';
}

export function checkOgrn(ogrn: string): string | null {
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return 'validation.ogrn';
  const body = BigInt(ogrn.slice(0, -1));
  const check = Number(ogrn.slice(-1));
  const mod = ogrn.length === 13 ? 11n : 13n;
  return Number((body % mod) % 10n) === check ? null : 'validation.ogrnChecksum';
}

export function checkBik(bik: string): string | null {
  return /^04\d{7}$/.test(bik) ? null : 'validation.bik';
}

/** A settlement account is checked with the last three digits of the bank's БИК. */
export function checkAccount(account: string, bik: string): string | null {
  if (!/^\d{20}$/.test(account)) return 'validation.account';
  if (!/^\d{9}$/.test(bik)) return null;
  return accountKeyOk(bik.slice(-3) + account) ? null : 'validation.accountChecksum';
}

/** A correspondent account is checked with '0' and digits 5–6 of the БИК; it starts with 301. */
export function checkCorrAccount(corr: string, bik: string): string | null {
  if (!/^301\d{17}$/.test(corr)) return 'validation.corrAccount';
  if (!/^\d{9}$/.test(bik)) return null;
  return accountKeyOk('0' + bik.slice(4, 6) + corr) ? null : 'validation.accountChecksum';
}

function accountKeyOk(key23: string): boolean {
  const w = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < 23; i++) sum += (Number(key23[i]) * (w[i % 3] ?? 0)) % 10;
  return sum % 10 === 0;
}
