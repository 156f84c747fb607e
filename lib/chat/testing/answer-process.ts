// A studio process that sends one chat message and streams its answer to the end, for the tests of
// what several processes share: `tsx answer-process.ts <DATABASE_URL> <text API base URL>
// <conversation id> <text>`. Prints each chat event as a JSON line.
import { LOCAL_USER } from "../../auth/local-user";
import { createDb } from "../../db-client";
import { readChatEvents } from "../chat-events";
import { sendMessage } from "../send";
import { sendMessageSchema } from "../send-schema";

const [databaseUrl, baseUrl, conversationId, text] = process.argv.slice(2);
const db = createDb(databaseUrl);
const stream = await sendMessage(db, LOCAL_USER, conversationId, sendMessageSchema.parse({ text }), {
  config: { baseUrl, apiKey: "test-key" },
});
await readChatEvents(stream, (event) => console.log(JSON.stringify(event)));
await db.$disconnect();
