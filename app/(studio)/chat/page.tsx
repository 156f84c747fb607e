// The thread lives in the chat layout; a new, empty conversation is shown here.
export default function NewChatPage() {
  return null;
}
