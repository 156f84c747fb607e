"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import type { SpendReport } from "@/lib/spend/types";
import { useUserLabel } from "./use-user-label";

/**
 * Text calls of the range — chat answers and text API mirror calls, from the one text ledger — per
 * model and, for a report over every user, per user: tokens and their credits (TEXT_TOKEN_PRICES;
 * 0 when no price is configured).
 */
export function TextUsageTables({ report }: { report: SpendReport }) {
  const t = useTranslations("spend");
  const n = useFormat().number;
  const userLabel = useUserLabel();
  const users = (report.users ?? []).filter((u) => u.textTokens > 0 || u.textCredits > 0);
  return (
    <>
      {report.textBudget && report.textBudget.some((p) => p.tokenLimit !== null) && (
        <ul className="text-sm text-zinc-300" data-testid="spend-token-budget">
          {report.textBudget
            .filter((p) => p.tokenLimit !== null)
            .map((p) => (
              <li key={p.period}>
                {t("tokenBudget", { period: p.period, tokens: p.tokens, limit: p.tokenLimit! })}
              </li>
            ))}
        </ul>
      )}
      {report.text.models.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold text-zinc-300">{t("textHeading")}</h2>
          <table className="w-full text-left text-sm" data-testid="spend-text">
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th className="py-1">{t("col.model")}</th>
                <th className="py-1 text-right">{t("col.chatAnswers")}</th>
                <th className="py-1 text-right">{t("col.apiCalls")}</th>
                <th className="py-1 text-right">{t("col.input")}</th>
                <th className="py-1 text-right">{t("col.output")}</th>
                <th className="py-1 text-right">{t("col.total")}</th>
                <th className="py-1 text-right">{t("col.credits")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 text-zinc-300">
              {report.text.models.map((m) => (
                <tr key={m.model}>
                  <td className="py-1" translate="no">
                    {m.model}
                  </td>
                  <td className="py-1 text-right">{n(m.chatCalls)}</td>
                  <td className="py-1 text-right">{n(m.apiCalls)}</td>
                  <td className="py-1 text-right">{n(m.promptTokens)}</td>
                  <td className="py-1 text-right">{n(m.candidatesTokens)}</td>
                  <td className="py-1 text-right">
                    {n(m.totalTokens)}
                    {m.unknownCalls > 0 && (
                      <span className="text-xs text-zinc-400" title={t("unknownTitle")}>
                        {" "}
                        {t("unknown", { count: m.unknownCalls })}
                      </span>
                    )}
                  </td>
                  <td className="py-1 text-right">{n(m.credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {users.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold text-zinc-300">{t("perUserHeading")}</h2>
          <table className="w-full text-left text-sm" data-testid="spend-text-users">
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th className="py-1">{t("col.user")}</th>
                <th className="py-1 text-right">{t("col.tokens")}</th>
                <th className="py-1 text-right">{t("col.credits")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 text-zinc-300">
              {users.map((u) => (
                <tr key={u.userId}>
                  <td className="py-1">{userLabel(u.userId, u.label)}</td>
                  <td className="py-1 text-right">{n(u.textTokens)}</td>
                  <td className="py-1 text-right">{n(u.textCredits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
