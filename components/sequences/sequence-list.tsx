"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { fetchJson, jsonInit } from "@/components/api-client";
import { shotModels } from "./shot-form";
import { useSequences, type Sequence } from "./use-sequence";

/** Every sequence of the viewer, and a new one (named, with one empty shot to start from). */
export function SequenceList() {
  const query = useSequences();
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const model = shotModels(false)[0]?.id;
      const created = await fetchJson<Sequence>(
        "/api/sequences",
        jsonInit("POST", { name, shots: model ? [{ model, body: { prompt: "" } }] : [] }),
      );
      router.push(`/sequences/${encodeURIComponent(created.id)}`);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <h1 className="text-xl font-semibold tracking-tight">Sequences</h1>
      <form onSubmit={(e) => void create(e)} className="flex gap-2">
        <input
          aria-label="Name of the new sequence"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="A new sequence"
          className="w-72 rounded border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm"
        />
        <Button type="submit" variant="primary" disabled={!name.trim()}>
          New sequence
        </Button>
      </form>
      {error && (
        <Alert tone="danger" live title="The sequence was not created">
          {error}
        </Alert>
      )}
      {query.isPending ? (
        <Spinner label="Loading sequences" />
      ) : query.isError ? (
        <Alert tone="danger" live title="The sequences could not be loaded">
          {query.error.message}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <p className="rounded-xl border border-zinc-800 p-6 text-sm text-zinc-400">No sequence yet.</p>
      ) : (
        <ul className="space-y-2">
          {query.data.items.map((s) => (
            <li key={s.id} data-testid="sequence-row">
              <Link
                href={`/sequences/${encodeURIComponent(s.id)}`}
                className="flex justify-between rounded-xl border border-zinc-800 p-3 hover:border-zinc-600"
              >
                <span>{s.name}</span>
                <span className="text-sm text-zinc-400">
                  {s.shots} shot(s) · {s.state}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
