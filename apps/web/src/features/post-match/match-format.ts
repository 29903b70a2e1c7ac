/** Display helpers of the matching pages. */

export function levelText(level: number | null | undefined): string {
  return level === null || level === undefined ? '未测评' : `${level} 级`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** antd tag colour of a match band (text stays dark on the light tag background: AA contrast). */
export function bandColor(band: string): string {
  if (band === '胜任') return 'green';
  if (band === '基本胜任') return 'gold';
  return 'red';
}

/** Query-string number or undefined. */
export function numberParam(value: string | null): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
