import clsx from "clsx";
import type { ReactNode } from "react";
import { RetryDownloadButton } from "@/components/studio/retry-download-button";
import { Badge } from "@/components/ui/badge";
import type { GalleryItemDetail } from "@/lib/gallery/types";
import { formatBytes } from "@/lib/format/bytes";
import { formatDateTime, formatParam, formatSpan } from "./format";
import { FilmProvenance } from "@/components/sequences/film-provenance";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-3 py-1.5 text-sm">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-200">{children}</dd>
    </div>
  );
}

const expiryTone = { expired: "danger", valid: "success", unknown: "neutral" } as const;

/** Everything known about the task: prompt, parameters as submitted, cost, timings, files, URLs. */
export function DetailInfo({ item }: { item: GalleryItemDetail }) {
  const params = item.request ? Object.entries(item.request).filter(([key]) => key !== "prompt") : [];
  const run = formatSpan(item.startedAt ?? item.submittedAt, item.finishedAt);

  return (
    <div className="space-y-6">
      {item.status === "failed" && (
        <Section title="Error" testId="detail-error">
          <p className="whitespace-pre-wrap rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100">
            {item.error ?? "The upstream gave no reason."}
          </p>
        </Section>
      )}
      <Section title="Prompt">
        <p className="whitespace-pre-wrap text-sm leading-relaxed text-zinc-100" data-testid="detail-prompt">
          {item.prompt || <span className="italic text-zinc-400">No prompt</span>}
        </p>
      </Section>
      <Section
        title={item.kind === "sequence" ? "Made of (shots, takes, trims)" : "Parameters as submitted"}
        testId="detail-params"
      >
        {item.kind === "sequence" && item.request ? (
          <FilmProvenance request={item.request} />
        ) : item.request ? (
          <dl className="divide-y divide-zinc-800/70">
            {params.map(([key, value]) => (
              <Row key={key} label={key}>
                <span className="font-mono text-[13px]" data-param={key}>
                  {formatParam(value)}
                </span>
              </Row>
            ))}
          </dl>
        ) : (
          <pre className="overflow-x-auto rounded bg-zinc-900 p-2 text-xs">{item.requestText}</pre>
        )}
      </Section>
      <Section title="Run">
        <dl className="divide-y divide-zinc-800/70">
          <Row label="Model">
            <span className="font-mono text-[13px]">{item.model}</span>
          </Row>
          <Row label="Cost (amount)">
            <span data-testid="detail-amount">{item.amount ?? "—"}</span>
          </Row>
          <Row label="actualDuration">{item.actualDuration ?? "—"}</Row>
          <Row label="Submitted">{formatDateTime(item.submittedAt)}</Row>
          <Row label="Started">{formatDateTime(item.startedAt)}</Row>
          <Row label="Finished">
            {formatDateTime(item.finishedAt)}
            {run && <span className="ml-2 text-zinc-400">({run})</span>}
          </Row>
          <Row label="Task id">
            <span className="font-mono text-[12px]">{item.id}</span>
          </Row>
        </dl>
      </Section>
      {item.media.length > 0 && (
        <Section title="Stored files" testId="detail-files">
          <ul className="space-y-3">
            {item.media.map((m) => (
              <li key={m.id} className="rounded-md border border-zinc-800 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-zinc-200">{m.role.replace("_", " ")}</span>
                  <Badge
                    tone={m.status === "stored" ? "success" : m.status === "expired" ? "warning" : "neutral"}
                  >
                    {m.status}
                  </Badge>
                  <span className="text-zinc-400">{m.contentType ?? "unknown type"}</span>
                  <span className="text-zinc-400" data-testid="file-size">
                    {m.size === null ? "—" : formatBytes(m.size)}
                  </span>
                  {m.width && m.height ? (
                    <span className="text-zinc-400">
                      {m.width}×{m.height}
                    </span>
                  ) : null}
                  {m.status === "stored" && (
                    <a
                      href={m.downloadUrl}
                      className="ml-auto text-sky-300 hover:underline"
                      data-testid="file-download"
                    >
                      Download
                    </a>
                  )}
                </div>
                {m.sha256 && (
                  <p
                    className="mt-1 break-all font-mono text-[11px] text-zinc-400"
                    title="sha256"
                    data-testid="file-sha256"
                  >
                    sha256 {m.sha256}
                  </p>
                )}
                {m.error && <p className="mt-1 whitespace-pre-line text-xs text-amber-200">{m.error}</p>}
                {m.retryable && (
                  <div className="mt-2">
                    <RetryDownloadButton taskId={item.id} mediaId={m.id} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {item.upstreamUrls.length > 0 && (
        <Section title="Upstream original URLs" testId="detail-upstream">
          <ul className="space-y-2">
            {item.upstreamUrls.map((u) => (
              <li key={`${u.field}-${u.url}`} className="text-sm">
                <div className="flex items-center gap-2">
                  <span className="font-mono text-[12px] text-zinc-400">{u.field}</span>
                  <Badge tone={expiryTone[u.state]}>
                    {u.state === "expired"
                      ? "expired"
                      : u.state === "valid"
                        ? "not expired"
                        : "expiry unknown"}
                  </Badge>
                  {u.expiresAt && (
                    <span className="text-[11px] text-zinc-400">
                      {u.state === "expired" ? "since" : "until"} {formatDateTime(u.expiresAt)}
                    </span>
                  )}
                </div>
                {u.masked ? (
                  // Under the configured upstream address, which the browser never learns.
                  <span className="mt-0.5 block break-all font-mono text-[12px] text-zinc-400">{u.url}</span>
                ) : (
                  <a
                    href={u.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className={clsx(
                      "mt-0.5 block break-all text-[12px]",
                      u.state === "expired" ? "text-zinc-400 line-through" : "text-sky-300 hover:underline",
                    )}
                  >
                    {u.url}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
