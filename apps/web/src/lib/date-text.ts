/**
 * A filter's date as a person types it (ДД.ММ.ГГГГ) and as the address and the API carry it (ГГГГ-ММ-ДД).
 * Typed text that is not yet a date stays as typed, so the field can say so instead of dropping it.
 */
export function dateTextToIso(text: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : text.trim();
}

export function isoToDateText(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (iso ?? '');
}

/** Empty, or a real calendar day as ДД.ММ.ГГГГ (or ГГГГ-ММ-ДД, as the address carries it); 31.02.2026 is not. */
export function dateTextOk(text: string | undefined): boolean {
  if (!text?.trim()) return true;
  const iso = dateTextToIso(text);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === iso;
}
