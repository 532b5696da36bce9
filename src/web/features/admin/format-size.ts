type SizeUnit = 'kilobyte' | 'megabyte' | 'gigabyte';
const UNIT_BYTES: Record<SizeUnit, number> = { kilobyte: 1024, megabyte: 1024 ** 2, gigabyte: 1024 ** 3 };

/**
 * A size in the reader's language and its own units ("5.5 MB", "5,5 Mo"), to one decimal: in `small` below
 * `switchAt` bytes, in `large` from there on.
 */
export function formatSize(bytes: number, language: string, small: SizeUnit, large: SizeUnit, switchAt: number): string {
  const unit = bytes < switchAt ? small : large;
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / UNIT_BYTES[unit]);
}
