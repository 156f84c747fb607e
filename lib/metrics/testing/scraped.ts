import parsePrometheusTextFormat, { type MetricFamily, type Sample } from "parse-prometheus-text-format";

/**
 * A scrape read as Prometheus reads it (a real text-format parser, not string matching), with the
 * few look-ups tests need. Used by unit tests and e2e/observability.spec.ts.
 *
 * parse-prometheus-text-format folds a histogram's series into one entry without labels (it only
 * handles unlabelled histograms), so histograms are read a second time with their TYPE lines left
 * out: their `_count`, `_sum` and `_bucket` samples then parse as plain samples with their labels.
 */
export class Scraped {
  readonly families: MetricFamily[];
  private readonly series: MetricFamily[];

  constructor(text: string) {
    this.families = parsePrometheusTextFormat(text);
    const histograms = new Set(this.families.filter((f) => f.type === "HISTOGRAM").map((f) => f.name));
    const untyped = text
      .split("\n")
      .filter((line) => {
        const typed = /^# (TYPE|HELP) (\S+)/.exec(line);
        return !typed || !histograms.has(typed[2]);
      })
      .join("\n");
    this.series = parsePrometheusTextFormat(untyped);
  }

  family(name: string): MetricFamily | undefined {
    return this.families.find((f) => f.name === name);
  }

  /** Samples of `name` (a histogram's: `name_count`, `name_sum`, `name_bucket`) whose labels include `labels`. */
  samples(name: string, labels: Record<string, string> = {}): Sample[] {
    // A histogram's series interleave (buckets, sum, count, then the next series): without TYPE
    // lines each run of one name parses as a family of its own, so all of them are read.
    const all = this.series.filter((f) => f.name === name).flatMap((f) => f.metrics);
    return all.filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    );
  }

  /** A gauge's or counter's value summed over the matching samples (0 when none). */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.samples(name, labels).reduce((total, s) => total + Number(s.value ?? 0), 0);
  }

  /** A histogram's observation count over the matching series (0 when none). */
  count(histogram: string, labels: Record<string, string> = {}): number {
    if (this.family(histogram)?.type !== "HISTOGRAM") return 0;
    return this.value(`${histogram}_count`, labels);
  }

  /** A histogram's sum of observations over the matching series. */
  sum(histogram: string, labels: Record<string, string> = {}): number {
    return this.value(`${histogram}_sum`, labels);
  }
}
