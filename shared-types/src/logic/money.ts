/** How an amount is written; every screen shows US dollars with thousands separators. */
export interface MoneyFormat {
  /** "$1,600" instead of "$1,600.00" for whole dollars, as the marketing pages write prices. */
  dropZeroCents?: boolean;
  /** Decimal places, 2 unless said: 3 for an average price per call ("$0.733"). */
  digits?: number;
  /** Named after the amount, upper-cased ("$12.50 USD"), where a list mixes currencies. */
  currency?: string;
}

/** An amount in cents (fractions allowed, for averages): "$1,234.50". */
export function formatCents(cents: number, format: MoneyFormat = {}): string {
  const dollars = (Number.isFinite(cents) ? cents : 0) / 100;
  const digits = format.dropZeroCents && Number.isInteger(dollars) ? 0 : (format.digits ?? 2);
  const text = `$${dollars.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
  return format.currency ? `${text} ${format.currency.toUpperCase()}` : text;
}

/**
 * An amount in dollars, a number or a DECIMAL column's text ("1234.5"): "$1,234.50". Anything
 * that is not a number shows as $0.00, as an empty statistic does.
 */
export function formatDollars(amount: number | string | null | undefined, format: MoneyFormat = {}): string {
  const dollars = Number(amount ?? 0);
  return formatCents(Number.isFinite(dollars) ? Math.round(dollars * 100) : 0, format);
}
