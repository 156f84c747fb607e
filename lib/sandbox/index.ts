export { handleSandboxRequest } from "./router";
export { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "./server";

export { type SandboxOptions } from "./options";
export { type LoggedRequest } from "./request-log";
export { type PromptTriggers } from "./triggers";
export { type TaskSeed } from "./task-codec";
