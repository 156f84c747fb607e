/**
 * Splitting a markdown answer into top-level blocks that render one by one exactly as the whole
 * text does, so that while an answer streams only its last, growing block is parsed and
 * highlighted again (components/chat/markdown.tsx); the finished blocks before it keep their text.
 *
 * A split happens only at a run of blank lines where CommonMark starts a new block anyway. The
 * scanner is deliberately lenient towards keeping text together (a missed split costs a little
 * speed, a wrong one changes what the user sees), so it never splits:
 * - inside a fenced code block (``` or ~~~, closed only by a bare fence of the same character at
 *   least as long, at any indentation: models indent fences inside list items);
 * - inside an HTML block that runs to its end tag (<script>, <pre>, <style>, <textarea>, <!-- -->);
 * - before an indented line (a list item's continuation, or indented code);
 * - between the items of one list (a loose list stays one list, with its spacing).
 * Text with a link reference definition or a footnote ("[x]: …") is kept whole: a definition
 * applies to the whole document.
 */

const FENCE_OPEN = /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^\s*(`{3,}|~{3,})\s*$/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const INDENTED = /^[ \t]/;
const BLANK = /^[ \t\r]*$/;
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/** HTML blocks that do not end at a blank line, with what ends them (CommonMark kinds 1 and 2). */
const HTML_BLOCKS: { open: RegExp; close: RegExp }[] = [
  { open: /^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, close: /<\/(?:script|pre|style|textarea)>/i },
  { open: /^ {0,3}<!--/, close: /-->/ },
];

type Fence = { char: string; length: number };

function fenceOpening(line: string): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const [, fence, info] = match;
  // "```a```" is inline code, not a fence: a backtick fence's info string has no backtick.
  if (fence[0] === "`" && info.includes("`")) return null;
  return { char: fence[0], length: fence.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE_CLOSE.exec(line);
  return Boolean(match && match[1][0] === fence.char && match[1].length >= fence.length);
}

/** The blocks of `text`, in order, without the blank lines between them. */
export function splitMarkdownBlocks(text: string): string[] {
  if (DEFINITION.test(text)) return BLANK.test(text) ? [] : [text];

  const blocks: string[] = [];
  let current: string[] = [];
  let blanks: string[] = [];
  let fence: Fence | null = null;
  let htmlClose: RegExp | null = null;
  let hasListItem = false;

  for (const line of text.split("\n")) {
    if (fence) {
      current.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (htmlClose) {
      current.push(line);
      if (htmlClose.test(line)) htmlClose = null;
      continue;
    }
    if (BLANK.test(line)) {
      if (current.length > 0) blanks.push(line);
      continue;
    }
    if (blanks.length > 0) {
      const continues = INDENTED.test(line) || (hasListItem && LIST_ITEM.test(line));
      if (continues) current.push(...blanks);
      else {
        blocks.push(current.join("\n"));
        current = [];
        hasListItem = false;
      }
      blanks = [];
    }
    current.push(line);
    if (LIST_ITEM.test(line)) hasListItem = true;
    fence = fenceOpening(line);
    if (!fence) {
      const html = HTML_BLOCKS.find((kind) => kind.open.test(line));
      if (html && !html.close.test(line)) htmlClose = html.close;
    }
  }
  if (current.length > 0) blocks.push(current.join("\n"));
  return blocks;
}
