// The thread lives in the chat layout, which reads the conversation id from the URL.
export default function ConversationPage() {
  return null;
}
