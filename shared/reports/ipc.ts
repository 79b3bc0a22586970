import { z } from 'zod';
import { DayKey } from '../analytics/ipc.js';
import { BrandRef, FileToken } from '../ipc/models.js';
import { m, None } from '../ipc/method.js';
import { ReportSection } from './model.js';

/*
 * Client reports: one brand's (or several brands') numbers over a period as a PDF, one offline
 * HTML page or a CSV; the agency's name and logo they carry; and the monthly reports of every
 * brand written into one folder, by hand or on the first of each month.
 */

/** The periods a report can cover (the Analytics screen's, bar "custom" which names its days). */
export const ReportPeriod = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['lastMonth', 'thisMonth', 'last7', 'last30', 'last90', 'thisQuarter', 'thisYear']),
  }),
  z.object({ kind: z.literal('custom'), from: DayKey, to: DayKey }),
]);
export type ReportPeriod = z.infer<typeof ReportPeriod>;

export const ReportFormat = z.enum(['pdf', 'html', 'csv']);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** What the Account page shows and the reports carry; the logo is a small picture as a data: URL. */
export const ReportSettings = z.object({
  agencyName: z.string().max(120),
  agencyLogo: z.string().startsWith('data:image/').nullable(),
  /** Where monthly reports go; null until a folder is chosen. */
  monthlyFolder: z.string().nullable(),
  /** Write last month's reports when the app runs on or after the first of a month. */
  onFirstOfMonth: z.boolean(),
  /** The month ("2026-10") whose reports were last written, by hand or by themselves. */
  lastMonthWritten: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
});
export type ReportSettings = z.infer<typeof ReportSettings>;

export const MonthlyReportsResult = z.object({
  /** The folder written into; null when the user cancelled the folder choice. */
  folder: z.string().nullable(),
  /** "October 2026". */
  month: z.string(),
  written: z.array(z.object({ brand: z.string(), file: z.string() })),
  /** One sentence per brand whose report could not be written; the others are written anyway. */
  failed: z.array(z.object({ brand: z.string(), message: z.string() })),
});
export type MonthlyReportsResult = z.infer<typeof MonthlyReportsResult>;

export const reportsMethods = {
  exportClientReport: m(
    z
      .object({
        /** The brands the report adds up; absent: the brand the window shows. */
        brands: z.array(BrandRef).min(1).max(50).optional(),
        period: ReportPeriod,
        sections: z.array(ReportSection).min(1, 'Keep at least one section.').max(6),
        format: ReportFormat,
      })
      .strict(),
    z.object({ path: z.string().nullable() }),
    'Saves a client report (PDF, one offline HTML page, or its numbers as CSV) where the user chooses; path is null when they cancel.',
  ),
  getReportSettings: m(
    None,
    ReportSettings,
    'The agency name and logo reports carry, and the monthly reports options.',
  ),
  setReportSettings: m(
    z
      .object({
        agencyName: z.string().max(120).optional(),
        /** A picture the user picked (PNG, JPEG, WebP or GIF); null removes the logo. */
        agencyLogo: z.object({ file: FileToken }).nullable().optional(),
        onFirstOfMonth: z.boolean().optional(),
      })
      .strict(),
    ReportSettings,
    'Changes the agency name or logo, or the first-of-month option; answers the settings as saved.',
  ),
  writeMonthlyReports: m(
    z.object({ chooseFolder: z.boolean().optional() }).strict(),
    MonthlyReportsResult,
    "Writes last month's PDF report of every brand into the monthly reports folder (asking for one the first time, or when chooseFolder), one brand at a time; reportProgress says how far it is.",
  ),
} as const;

export const reportsEvents = {
  /** Monthly reports: how many brands are done of how many, and the brand being written. */
  reportProgress: z.object({ done: z.number().int(), total: z.number().int(), brand: z.string().nullable() }),
  /** Monthly reports were written without being asked (the first of a month): the desktop notifies. */
  monthlyReportsWritten: MonthlyReportsResult,
} as const;
