/**
 * studio-i18n/no-literal-text: in a converted file (lib/i18n/converted.mjs), words a person reads
 * come from the message files, never from the JSX. Reports text between tags, `{"string"}` children
 * and the attributes people read or hear (title, aria-label, placeholder, alt, and the studio's own
 * label/help/intro props) when they hold a letter; symbols ("×", "—", "·") and class names pass.
 */
const READ_ATTRIBUTES = new Set([
  "alt",
  "aria-description",
  "aria-label",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "confirmLabel",
  "help",
  "intro",
  "label",
  "placeholder",
  "title",
]);
const LETTER = /\p{L}/u;

function literalText(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((q) => q.value.cooked ?? "").join(" ");
  if (node.type === "JSXExpressionContainer") return literalText(node.expression);
  if (node.type === "ConditionalExpression")
    return [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(" ") || null;
  if (node.type === "LogicalExpression") return literalText(node.right);
  return null;
}

export const noLiteralText = {
  meta: {
    type: "problem",
    docs: { description: "User-visible text must come from messages/*.json (issue 27)" },
    schema: [],
    messages: {
      text: 'Text "{{text}}" is shown to people: put it in messages/en.json and messages/zh-CN.json and use t().',
    },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: "text", data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === "JSXAttribute") return;
        const text = literalText(node.expression);
        if (text && LETTER.test(text)) report(node, text);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === "string" ? node.name.name : node.name.name.name;
        if (!READ_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (text && LETTER.test(text)) report(node, text);
      },
    };
  },
};

const plugin = { rules: { "no-literal-text": noLiteralText } };
export default plugin;
