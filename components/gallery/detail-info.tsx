"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useFormat } from "@/components/i18n/use-format";
import { RetryDownloadButton } from "@/components/studio/retry-download-button";
import { Badge } from "@/components/ui/badge";
import type { GalleryItemDetail } from "@/lib/gallery/types";
import { answerFailure } from "@/lib/failure-fields";
import { formatParam, spanParts } from "./format";
import { useRoleLabel } from "./media-viewer";
import { FilmProvenance } from "@/components/sequences/film-provenance";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-3 py-1.5 text-sm">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-200">{children}</dd>
    </div>
  );
}

/** The digest's name, the same in every language. */
const HASH = "sha256";

const expiryTone = { expired: "danger", valid: "success", unknown: "neutral" } as const;

/** Everything known about the task: prompt, parameters as submitted, cost, timings, files, URLs. */
export function DetailInfo({ item }: { item: GalleryItemDetail }) {
  const params = item.request ? Object.entries(item.request).filter(([key]) => key !== "prompt") : [];
  const t = useTranslations("galleryDetail");
  const format = useFormat();
  const roleLabel = useRoleLabel();
  const sayFailure = useFailureMessage();
  const span = spanParts(item.startedAt ?? item.submittedAt, item.finishedAt);
  const run = span && (span.minutes ? t("minutes", span) : t("seconds", span));
  const code = (chunks: ReactNode) => <span translate="no">{chunks}</span>;

  return (
    <div className="space-y-6">
      {item.status === "failed" && (
        <Section title={t("error")} testId="detail-error">
          <p className="whitespace-pre-wrap rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100">
            {sayFailure(answerFailure(item)) || t("noReason")}
          </p>
        </Section>
      )}
      <Section title={t("prompt")}>
        <p
          className="whitespace-pre-wrap text-sm leading-relaxed text-zinc-100"
          data-testid="detail-prompt"
          data-user-text
        >
          {item.prompt || <span className="italic text-zinc-400">{t("noPrompt")}</span>}
        </p>
      </Section>
      <Section title={item.kind === "sequence" ? t("madeOf") : t("params")} testId="detail-params">
        {item.kind === "sequence" && item.request ? (
          <FilmProvenance request={item.request} />
        ) : item.request ? (
          <dl className="divide-y divide-zinc-800/70">
            {params.map(([key, value]) => (
              <Row key={key} label={<span translate="no">{key}</span>}>
                <span className="font-mono text-[13px]" data-param={key} translate="no">
                  {formatParam(value)}
                </span>
              </Row>
            ))}
          </dl>
        ) : (
          <pre className="overflow-x-auto rounded bg-zinc-900 p-2 text-xs" translate="no">
            {item.requestText}
          </pre>
        )}
      </Section>
      <Section title={t("run")}>
        <dl className="divide-y divide-zinc-800/70">
          <Row label={t("model")}>
            <span className="font-mono text-[13px]" translate="no">
              {item.model}
            </span>
          </Row>
          <Row label={t.rich("cost", { code })}>
            <span data-testid="detail-amount">{item.amount ?? "—"}</span>
          </Row>
          <Row label={t.rich("actualDuration", { code })}>{item.actualDuration ?? "—"}</Row>
          <Row label={t("submitted")}>{format.dateTime(item.submittedAt)}</Row>
          <Row label={t("started")}>{format.dateTime(item.startedAt)}</Row>
          <Row label={t("finished")}>
            {format.dateTime(item.finishedAt)}
            {run && <span className="ml-2 text-zinc-400">({run})</span>}
          </Row>
          <Row label={t("taskId")}>
            <span className="font-mono text-[12px]" translate="no">
              {item.id}
            </span>
          </Row>
        </dl>
      </Section>
      {item.media.length > 0 && (
        <Section title={t("storedFiles")} testId="detail-files">
          <ul className="space-y-3">
            {item.media.map((m) => (
              <li key={m.id} className="rounded-md border border-zinc-800 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-zinc-200">{roleLabel(m.role)}</span>
                  <Badge
                    tone={m.status === "stored" ? "success" : m.status === "expired" ? "warning" : "neutral"}
                  >
                    {t("mediaStatus", { status: m.status })}
                  </Badge>
                  {m.contentType ? (
                    <span className="text-zinc-400" translate="no">
                      {m.contentType}
                    </span>
                  ) : (
                    <span className="text-zinc-400">{t("unknownType")}</span>
                  )}
                  <span className="text-zinc-400" data-testid="file-size">
                    {m.size === null ? "—" : format.bytes(m.size)}
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
                      {t("fileDownload")}
                    </a>
                  )}
                </div>
                {m.sha256 && (
                  <p
                    className="mt-1 break-all font-mono text-[11px] text-zinc-400"
                    title={HASH}
                    translate="no"
                    data-testid="file-sha256"
                  >
                    {HASH} {m.sha256}
                  </p>
                )}
                {m.error && (
                  <p className="mt-1 whitespace-pre-line text-xs text-amber-200">
                    {sayFailure(answerFailure(m))}
                  </p>
                )}
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
        <Section title={t("upstreamUrls")} testId="detail-upstream">
          <ul className="space-y-2">
            {item.upstreamUrls.map((u) => (
              <li key={`${u.field}-${u.url}`} className="text-sm">
                <div className="flex items-center gap-2">
                  <span className="font-mono text-[12px] text-zinc-400" translate="no">
                    {u.field}
                  </span>
                  <Badge tone={expiryTone[u.state]}>
                    {u.state === "expired"
                      ? t("urlExpired")
                      : u.state === "valid"
                        ? t("urlValid")
                        : t("urlUnknown")}
                  </Badge>
                  {u.expiresAt && (
                    <span className="text-[11px] text-zinc-400">
                      {t(u.state === "expired" ? "since" : "until", { date: format.dateTime(u.expiresAt) })}
                    </span>
                  )}
                </div>
                {u.masked ? (
                  // Under the configured upstream address, which the browser never learns.
                  <span className="mt-0.5 block break-all font-mono text-[12px] text-zinc-400" translate="no">
                    {u.url}
                  </span>
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
