import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * The import samples (samples/posts-sample.csv and .json) are written for March 2027, for a reader.
 * A test imports them at the run's clock (E2E_NOW may be 2027-03-28, when those dates have passed
 * and the service refuses them), so it reads a copy with every date moved to the year after "now":
 * early March, before either DST change, so each time keeps its offset.
 */

const SAMPLES = join(import.meta.dirname, '../../samples');
const WRITTEN_FOR = '2027';

/** The year the samples' dates move to: the one after the run's clock. */
export function sampleYear(): number {
  return new Date().getUTCFullYear() + 1;
}

/** An instant of the samples' year written as in 2027 ("2027-03-02T08:30:00.000Z" → that day of sampleYear()). */
export function inSampleYear(iso2027: string): string {
  return iso2027.replace(/^2027-/, `${sampleYear()}-`);
}

/** Copies both samples into `dir` under their own names, their dates moved to sampleYear(). */
export async function samplesAhead(dir: string): Promise<{ csv: string; json: string }> {
  await mkdir(dir, { recursive: true });
  const copy = async (name: string) => {
    const text = await readFile(join(SAMPLES, name), 'utf8');
    const path = join(dir, name);
    await writeFile(path, text.replaceAll(`${WRITTEN_FOR}-`, `${sampleYear()}-`));
    return path;
  };
  return { csv: await copy('posts-sample.csv'), json: await copy('posts-sample.json') };
}
