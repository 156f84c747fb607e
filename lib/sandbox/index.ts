export { handleSandboxRequest } from "./router";
export { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "./server";
export { toNodeListener } from "./node-adapter";
export { DEFAULT_RESULT_URL_TTL_SECONDS, type SandboxOptions } from "./options";
export { RequestLog, type LoggedRequest } from "./request-log";
export { parseTriggers, type PromptTriggers } from "./triggers";
export { decodeTaskId, type TaskSeed } from "./task-codec";
