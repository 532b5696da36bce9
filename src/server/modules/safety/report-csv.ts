import type { SafetyReport } from '@shared/contracts/safety';

/** The columns of the yearly report, one row per month, language and country that had a referral. */
export const SAFETY_REPORT_CSV_HEADER = ['year', 'month', 'language', 'country', 'crisis_referrals'] as const;

/**
 * The yearly report as CSV (RFC 4180: comma-separated, CRLF line ends): the year, the month (`YYYY-MM`), the
 * interface language, the country whose helplines were shown, and the count. A last row per year gives the total
 * (`month` = `total`, language and country empty). Every value is a number or a code the server chose itself, so
 * nothing in it needs quoting and nothing can name a person or repeat their words.
 */
export function safetyReportCsv(report: SafetyReport): string {
  const lines = [SAFETY_REPORT_CSV_HEADER.join(',')];
  for (const { month, counts } of report.months) {
    for (const { language, country, count } of counts) lines.push([report.year, month, language, country, count].join(','));
  }
  lines.push([report.year, 'total', '', '', report.total].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
