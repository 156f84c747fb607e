// parse-prometheus-text-format ships no types: its output, as its README shows it (prom2json's shape).
declare module "parse-prometheus-text-format" {
  export type Sample = {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms: cumulative counts by upper bound ("+Inf" included). */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type MetricFamily = {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Sample[];
  };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
