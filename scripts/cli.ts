/**
 * model-studio: the studio from a terminal or a script (README "CLI"). `npm run cli -- <command>`
 * or the `model-studio` bin. STUDIO_URL (default http://localhost:3000) and STUDIO_TOKEN (an API
 * token from /account). Exit codes: 0 ok, 1 refused or failed, 2 usage, 3 studio unreachable.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { CliError, createClient, EXIT, type Task } from "./cli/client";
import { describeLines, findModel, loadModels, modelLines, parseParams } from "./cli/models";
import { progressLine, waitForTask } from "./cli/wait";

const USAGE = `usage: model-studio <command> [options]

  models                                   the models you can submit to
  describe <model>                         a model's fields, ranges and defaults
  submit <model> --prompt <text> [--param key=value]... [--wait] [--out file]
  status <id>                              a task as JSON
  batch <file.json>                        plan a batch ({ "tasks": [...] }, as POST /api/batches)
  gallery search <text>                    search your gallery
  spend                                    credits spent and the budget

env: STUDIO_URL (default http://localhost:3000), STUDIO_TOKEN (API token)
exit: 0 ok · 1 refused or failed · 2 usage · 3 studio unreachable`;

const print = (value: unknown) =>
  process.stdout.write(`${typeof value === "string" ? value : JSON.stringify(value, null, 2)}\n`);

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      prompt: { type: "string" },
      param: { type: "string", multiple: true, default: [] },
      wait: { type: "boolean", default: false },
      out: { type: "string" },
      "interval-ms": { type: "string", default: "2000" },
      "timeout-s": { type: "string", default: "1800" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command) return (print(USAGE), values.help ? EXIT.ok : EXIT.usage);
  const client = createClient();
  const need = (n: number, what: string) => {
    if (args.length < n) throw new CliError(`${command}: missing ${what}\n\n${USAGE}`, EXIT.usage);
  };
  switch (command) {
    case "models":
      print(modelLines(await loadModels(client)).join("\n"));
      return EXIT.ok;
    case "describe":
      need(1, "<model>");
      print(describeLines(await findModel(client, args[0])).join("\n"));
      return EXIT.ok;
    case "submit": {
      need(1, "<model>");
      const model = await findModel(client, args[0]);
      const body = {
        model: model.id,
        ...(values.prompt !== undefined ? { prompt: values.prompt } : {}),
        ...parseParams(values.param, model.schema),
      };
      let task = await client.json<Task>("/api/v2/model-center/tasks", { method: "POST", body });
      process.stderr.write(`submitted ${task.id}\n`);
      if (values.wait || values.out) {
        const tty = process.stderr.isTTY;
        task = await waitForTask(client, task.id, {
          stored: Boolean(values.out),
          intervalMs: Number(values["interval-ms"]),
          timeoutMs: Number(values["timeout-s"]) * 1000,
          onProgress: (t) => process.stderr.write(tty ? `\r${progressLine(t)}` : `${progressLine(t)}\n`),
        });
        if (tty) process.stderr.write("\n");
      }
      print(task);
      if (task.status === "failed")
        throw new CliError(`task ${task.id} failed: ${task.error ?? "no reason given"}`, EXIT.refused);
      if (values.out) return download(client, task, values.out);
      return EXIT.ok;
    }
    case "status":
      need(1, "<id>");
      print(await client.json(`/api/v2/model-center/tasks/${encodeURIComponent(args[0])}`));
      return EXIT.ok;
    case "batch": {
      need(1, "<file.json>");
      let body: unknown;
      try {
        body = JSON.parse(fs.readFileSync(args[0], "utf8"));
      } catch (error) {
        throw new CliError(`batch: cannot read ${args[0]} as JSON (${(error as Error).message})`, EXIT.usage);
      }
      print(await client.json("/api/batches", { method: "POST", body }));
      return EXIT.ok;
    }
    case "gallery": {
      if (args[0] !== "search")
        throw new CliError(`gallery: the subcommand is "search"\n\n${USAGE}`, EXIT.usage);
      const page = await client.json<{ items: Record<string, unknown>[] }>(
        `/api/gallery?q=${encodeURIComponent(args.slice(1).join(" "))}`,
      );
      print(
        page.items
          .map((i) => [i.id, i.model, i.status, String(i.prompt ?? "").slice(0, 60)].join("\t"))
          .join("\n"),
      );
      return EXIT.ok;
    }
    case "spend":
      print(await client.json("/api/spend"));
      return EXIT.ok;
    default:
      throw new CliError(`unknown command "${command}"\n\n${USAGE}`, EXIT.usage);
  }
}

async function download(client: ReturnType<typeof createClient>, task: Task, out: string): Promise<number> {
  if (task.studio.mediaState !== "stored" || !task.result_url) {
    throw new CliError(
      `task ${task.id}: no stored result to download (files ${task.studio.mediaState})`,
      EXIT.refused,
    );
  }
  const bytes = await client.bytes(task.result_url);
  fs.writeFileSync(out, bytes);
  process.stderr.write(`wrote ${out} (${bytes.length} bytes)\n`);
  return EXIT.ok;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(error.exitCode);
    }
    // parseArgs' own refusals (an unknown option) are usage errors.
    const code = (error as { code?: string }).code;
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(code?.startsWith("ERR_PARSE_ARGS") ? EXIT.usage : EXIT.refused);
  },
);
