"use client";

import type { SpendReport } from "@/lib/spend/types";

const n = (value: number) => value.toLocaleString("en");

/**
 * Text calls of the range — chat answers and text API mirror calls, from the one text ledger — per
 * model and, for a report over every user, per user: tokens and their credits (TEXT_TOKEN_PRICES;
 * 0 when no price is configured).
 */
export function TextUsageTables({ report }: { report: SpendReport }) {
  const users = (report.users ?? []).filter((u) => u.textTokens > 0 || u.textCredits > 0);
  return (
    <>
      {report.textBudget && report.textBudget.some((p) => p.tokenLimit !== null) && (
        <ul className="text-sm text-zinc-300" data-testid="spend-token-budget">
          {report.textBudget
            .filter((p) => p.tokenLimit !== null)
            .map((p) => (
              <li key={p.period}>
                {p.period === "day" ? "Today" : "This month"}: {n(p.tokens)} of {n(p.tokenLimit!)} text tokens
              </li>
            ))}
        </ul>
      )}
      {report.text.models.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold text-zinc-300">Text tokens (chat and text API)</h2>
          <table className="w-full text-left text-sm" data-testid="spend-text">
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th className="py-1">Model</th>
                <th className="py-1 text-right">Chat answers</th>
                <th className="py-1 text-right">API calls</th>
                <th className="py-1 text-right">Input</th>
                <th className="py-1 text-right">Output</th>
                <th className="py-1 text-right">Total</th>
                <th className="py-1 text-right">Credits</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 text-zinc-300">
              {report.text.models.map((m) => (
                <tr key={m.model}>
                  <td className="py-1">{m.model}</td>
                  <td className="py-1 text-right">{m.chatCalls}</td>
                  <td className="py-1 text-right">{m.apiCalls}</td>
                  <td className="py-1 text-right">{n(m.promptTokens)}</td>
                  <td className="py-1 text-right">{n(m.candidatesTokens)}</td>
                  <td className="py-1 text-right">
                    {n(m.totalTokens)}
                    {m.unknownCalls > 0 && (
                      <span className="text-xs text-zinc-400" title="calls that reported no usage">
                        {" "}
                        (+{m.unknownCalls} unknown)
                      </span>
                    )}
                  </td>
                  <td className="py-1 text-right">{m.credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {users.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold text-zinc-300">Text use per user</h2>
          <table className="w-full text-left text-sm" data-testid="spend-text-users">
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th className="py-1">User</th>
                <th className="py-1 text-right">Tokens</th>
                <th className="py-1 text-right">Credits</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800 text-zinc-300">
              {users.map((u) => (
                <tr key={u.userId}>
                  <td className="py-1">{u.label}</td>
                  <td className="py-1 text-right">{n(u.textTokens)}</td>
                  <td className="py-1 text-right">{u.textCredits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
