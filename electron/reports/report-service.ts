import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AnalyticsHistory } from '../../shared/analytics/ipc.js';
import { brandKey } from '../../shared/analytics/rollup.js';
import {
  addDays,
  previousPeriod,
  rangeFor,
  spanOf,
  todayIn,
  type DayRange,
} from '../../shared/analytics/ranges.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { ALL_SECTIONS, type ReportData, type ReportSection } from '../../shared/reports/model.js';
import {
  ReportSettings,
  type MonthlyReportsResult,
  type ReportFormat,
  type ReportPeriod,
} from '../../shared/reports/ipc.js';
import { AppFailure } from '../core/app-failure.js';
import type { Emit } from '../core/events.js';
import { writeAtomically, type ChooseSavePath } from '../export/export-service.js';
import { writeCsv } from '../import/csv.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import {
  buildReportData,
  nextMonth,
  periodTitle,
  reportCsvRows,
  wholeMonth,
  type ReportLabel,
} from './report-data.js';
import { reportAssets, reportHtml } from './report-page.js';

/*
 * Client reports: gathers a report's data (the kept history through the Analytics feature's own
 * read, the brand's colour and zone, labels, next month's scheduled posts), draws it on the report
 * page, and saves it as PDF, HTML or CSV. Monthly reports write last month's PDF of every brand
 * into one folder, one brand at a time, saying how far they are; a brand that fails is named with
 * the reason and the others are written anyway.
 */

const SETTINGS_KEY = 'reports.settings';
/** The largest logo file accepted; it is stored much smaller. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** Characters of the brand's name a file name keeps. */
const NAME_CHARS = 60;

const DEFAULT_SETTINGS: ReportSettings = {
  agencyName: '',
  agencyLogo: null,
  monthlyFolder: null,
  onFirstOfMonth: false,
  lastMonthWritten: null,
};

export interface ScheduledPost {
  publishDate: string;
  platform: string;
  account: string;
  text: string;
}

export interface ReportServiceOptions {
  now: () => Date;
  settings: SettingsRepo;
  /** The Analytics feature's read of the kept history: the screen's numbers, the report's numbers. */
  history: (input: { brands: BrandRef[]; from: string; to: string }) => AnalyticsHistory;
  timezone: (brand: BrandRef) => string;
  brandName: (brand: BrandRef) => string;
  brandColour: (brand: BrandRef) => string;
  /** Every brand of every connection, for monthly reports. */
  allBrands: () => BrandRef[];
  /** The brand's posts scheduled between two instants, in time order. */
  scheduledBetween?: (brand: BrandRef, startMs: number, endMs: number) => ScheduledPost[];
  /** The path of a file the user picked, from its token. */
  pickedFile: (brand: BrandRef, token: string) => string;
  emit: Emit;
  chooseSavePath?: ChooseSavePath;
  /** Asks for a folder (Electron: an open dialog; the test bridge: a folder of the test); null: cancelled. */
  chooseFolder?: () => Promise<string | null>;
  printToPdf?: (html: string) => Promise<Uint8Array>;
}

/** A name safe on every file system: no separators, reserved or control characters. */
export function safeName(name: string): string {
  const safe = [...name]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/ +/g, ' ')
    .trim();
  return [...(safe || 'Postdeck')].slice(0, NAME_CHARS).join('').trim().replace(/^\.+/, '') || 'Postdeck';
}

/** "Harbor Coffee report 2026-10.pdf", or the period's days when it is not one month. */
export function reportFileName(brand: string, period: DayRange, format: ReportFormat): string {
  const when =
    wholeMonth(period) ?? (period.from === period.to ? period.from : `${period.from} to ${period.to}`);
  return `${safeName(brand)} report ${when}.${format}`;
}

/** "Harbor Coffee", "Harbor Coffee and Nordlicht", "Harbor Coffee and 2 other brands". */
function brandsWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'Postdeck';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]} and ${names.length - 1} other brands`;
}

const messageOf = (error: unknown) =>
  error instanceof AppFailure || error instanceof Error ? error.message : 'Something went wrong.';

export class ReportService {
  private monthlyRunning = false;

  constructor(private readonly o: ReportServiceOptions) {}

  settings(): ReportSettings {
    return { ...DEFAULT_SETTINGS, ...(this.o.settings.get(SETTINGS_KEY, ReportSettings.partial()) ?? {}) };
  }

  private save(next: ReportSettings): ReportSettings {
    this.o.settings.set(SETTINGS_KEY, next);
    return next;
  }

  async setSettings(brand: BrandRef, input: IpcInput<'setReportSettings'>): Promise<ReportSettings> {
    const next = { ...this.settings() };
    if (input.agencyName !== undefined) next.agencyName = input.agencyName.replace(/\s+/g, ' ').trim();
    if (input.onFirstOfMonth !== undefined) next.onFirstOfMonth = input.onFirstOfMonth;
    if (input.agencyLogo === null) next.agencyLogo = null;
    else if (input.agencyLogo)
      next.agencyLogo = await this.readLogo(this.o.pickedFile(brand, input.agencyLogo.file));
    return this.save(next);
  }

  /** The picked picture, checked by its bytes (not its name), made small and kept as a PNG data: URL. */
  private async readLogo(path: string): Promise<string> {
    const size = (await stat(path)).size;
    if (size > MAX_LOGO_BYTES)
      throw new AppFailure('INVALID_ARGUMENT', 'This picture is larger than 5 MB; choose a smaller logo.');
    const bytes = await readFile(path);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !LOGO_TYPES.has(type.mime))
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This file is not a PNG, JPEG, WebP or GIF picture; choose the logo as one of those.',
      );
    try {
      const png = await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
        .resize({ width: 480, height: 160, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    } catch {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This picture is damaged and cannot be read; choose another logo.',
      );
    }
  }

  /** The period a choice names, in the first brand's zone, and the period it is compared with. */
  private periods(period: ReportPeriod, zone: string): { range: DayRange; previous: DayRange } {
    const today = todayIn(zone, this.o.now().getTime());
    const range =
      period.kind === 'custom'
        ? rangeFor('custom', today, { from: period.from, to: period.to })
        : rangeFor(period.kind, today);
    return { range, previous: previousPeriod(period.kind, range) };
  }

  /** A report's data for these brands and this period. */
  data(brands: readonly BrandRef[], period: ReportPeriod, sections: readonly ReportSection[]): ReportData {
    const first = brands[0];
    if (!first) throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one brand for the report.');
    const zone = this.o.timezone(first);
    const { range, previous } = this.periods(period, zone);
    const span = spanOf([range, previous]);
    const history = this.o.history({ brands: [...brands], from: span.from, to: span.to });
    const postLabels = new Map<string, ReportLabel[]>();
    const scheduled: ScheduledPost[] = [];
    const next = nextMonth(range);
    // Each post's labels come with the history (main reads them by the post's group), named here.
    if (sections.includes('labels')) {
      const named = new Map(
        (history.labels ?? []).map(({ brand, labels }) => [
          brandKey(brand),
          new Map(labels.map((l) => [l.id, l])),
        ]),
      );
      for (const account of history.accounts) {
        const byId = named.get(brandKey(account.brand));
        for (const post of account.posts) {
          const labels = (post.labels ?? []).flatMap((id) => {
            const l = byId?.get(id);
            return l
              ? [
                  {
                    name: l.name,
                    campaign: l.campaign ? { from: l.campaign.start, to: l.campaign.end } : null,
                  },
                ]
              : [];
          });
          if (labels.length) postLabels.set(post.postId, labels);
        }
      }
    }
    for (const brand of brands) {
      if (sections.includes('scheduled') && this.o.scheduledBetween) {
        const start = zonedStart(next.from, zone);
        const end = zonedStart(addDays(next.to, 1), zone);
        scheduled.push(...this.o.scheduledBetween(brand, start, end));
      }
    }
    scheduled.sort((a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate));
    const settings = this.settings();
    return buildReportData({
      accounts: history.accounts,
      period: range,
      previous,
      zone,
      sections,
      brand: brandsWords(brands.map((b) => this.o.brandName(b))),
      brandColour: this.o.brandColour(first),
      agency: { name: settings.agencyName, logo: settings.agencyLogo },
      madeAt: this.o.now(),
      postLabels,
      scheduled,
    });
  }

  /** The file's bytes or text in a format. */
  async render(data: ReportData, format: ReportFormat): Promise<string | Uint8Array> {
    if (format === 'csv') {
      const { columns, rows } = reportCsvRows(data);
      return `\uFEFF${writeCsv(columns, rows)}\r\n`;
    }
    const html = reportHtml(data, await reportAssets());
    if (format === 'html') return html;
    if (!this.o.printToPdf) throw new AppFailure('INTERNAL', 'Saving a PDF is not available in this build.');
    return this.o.printToPdf(html);
  }

  async exportClientReport(
    active: BrandRef,
    input: IpcInput<'exportClientReport'>,
  ): Promise<IpcOutput<'exportClientReport'>> {
    if (!this.o.chooseSavePath)
      throw new AppFailure('INTERNAL', 'Saving files is not available in this build.');
    if (input.format === 'pdf' && !this.o.printToPdf)
      throw new AppFailure('INTERNAL', 'Saving a PDF is not available in this build.');
    const brands = dedupe(input.brands ?? [active]);
    const known = this.o.allBrands();
    if (brands.some((b) => !known.some((k) => k.profileId === b.profileId && k.brandId === b.brandId)))
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'One of the brands chosen is no longer connected; choose the brands again.',
      );
    const data = this.data(brands, input.period, input.sections);
    const path = await this.o.chooseSavePath({
      defaultName: reportFileName(data.brand, data.period, input.format),
      format: input.format,
      title: 'Save client report',
    });
    if (path === null) return { path: null };
    const target = extname(path) === '' ? `${path}.${input.format}` : path;
    await writeAtomically(target, await this.render(data, input.format));
    return { path: target };
  }

  /** The month before the one today is in (in this computer's zone): "2026-10". */
  lastMonthKey(): string {
    return rangeFor('lastMonth', todayIn(localZone(), this.o.now().getTime())).from.slice(0, 7);
  }

  /** Whether the first-of-month reports are due: asked for, a folder known, this month's not written. */
  monthlyDue(): boolean {
    const s = this.settings();
    return s.onFirstOfMonth && s.monthlyFolder !== null && s.lastMonthWritten !== this.lastMonthKey();
  }

  async writeMonthlyReports(
    options: { chooseFolder?: boolean; automatic?: boolean } = {},
  ): Promise<MonthlyReportsResult> {
    if (this.monthlyRunning)
      throw new AppFailure('CONFLICT', 'Monthly reports are being written already; wait for them to finish.');
    if (!this.o.printToPdf) throw new AppFailure('INTERNAL', 'Saving a PDF is not available in this build.');
    this.monthlyRunning = true;
    try {
      let settings = this.settings();
      const monthKey = this.lastMonthKey();
      const month = periodTitle({ from: `${monthKey}-01`, to: lastDay(monthKey) });
      let folder = settings.monthlyFolder;
      if (folder === null || options.chooseFolder) {
        if (!this.o.chooseFolder)
          throw new AppFailure('INTERNAL', 'Choosing a folder is not available in this build.');
        folder = await this.o.chooseFolder();
        if (folder === null) return { folder: null, month, written: [], failed: [] };
        settings = this.save({ ...settings, monthlyFolder: folder });
      }
      const brands = this.o.allBrands();
      const result: MonthlyReportsResult = { folder, month, written: [], failed: [] };
      // Two brands of the same name (in two connections) must not write over each other's file.
      const used = new Set<string>();
      for (const [i, brand] of brands.entries()) {
        const name = this.o.brandName(brand);
        this.o.emit('reportProgress', { done: i, total: brands.length, brand: name });
        try {
          const data = this.data([brand], { kind: 'lastMonth' }, ALL_SECTIONS);
          let file = reportFileName(name, data.period, 'pdf');
          for (let n = 2; used.has(file); n++) file = reportFileName(`${name} (${n})`, data.period, 'pdf');
          used.add(file);
          await writeAtomically(join(folder, file), await this.render(data, 'pdf'));
          result.written.push({ brand: name, file });
        } catch (error) {
          result.failed.push({ brand: name, message: messageOf(error) });
        }
      }
      this.o.emit('reportProgress', { done: brands.length, total: brands.length, brand: null });
      if (result.written.length > 0) this.save({ ...this.settings(), lastMonthWritten: monthKey });
      if (options.automatic) this.o.emit('monthlyReportsWritten', result);
      return result;
    } finally {
      this.monthlyRunning = false;
    }
  }
}

function lastDay(monthKey: string): string {
  return addDays(nextMonth({ from: `${monthKey}-01`, to: `${monthKey}-01` }).from, -1);
}

function dedupe(brands: readonly BrandRef[]): BrandRef[] {
  const out: BrandRef[] = [];
  for (const b of brands)
    if (!out.some((o) => o.profileId === b.profileId && o.brandId === b.brandId))
      out.push({ profileId: b.profileId, brandId: b.brandId });
  return out;
}

function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The instant a day begins in a zone. */
function zonedStart(day: string, zone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, zone).getTime();
}
