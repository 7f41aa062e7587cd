import { marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Organizer-written Markdown as HTML that is safe to show: only text formatting, lists, headings,
 * quotes and links survive; links to other sites open with rel="noopener nofollow ugc".
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "strong",
      "em",
      "del",
      "code",
      "pre",
      "blockquote",
      "ul",
      "ol",
      "li",
      "h3",
      "h4",
      "hr",
      "a",
    ],
    allowedAttributes: { a: ["href", "title", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto"],
    // Headings inside a description sit under the page's own h1 and h2s.
    transformTags: {
      h1: "h3",
      h2: "h3",
      // Only our own rel and target: a description cannot give a page power over this one.
      a: (tagName, { href = "", title }) => ({
        tagName,
        attribs: {
          href,
          ...(title ? { title } : {}),
          rel: "noopener nofollow ugc",
          ...(href.startsWith("/") ? {} : { target: "_blank" }),
        },
      }),
    },
  });
}

/**
 * Organizer-written Markdown as plain text, for places that show no HTML (calendar apps): emphasis
 * marks go, lists keep a bullet or number per item, links keep their address beside their words, and
 * HTML tags go with what scripts and styles held.
 */
export function markdownToText(markdown: string): string {
  return blocksText(marked.lexer(markdown, { gfm: true, breaks: true }))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function blocksText(tokens: readonly Token[]): string {
  return tokens
    .map(blockText)
    .filter((text) => text !== "")
    .join("\n\n");
}

function blockText(token: Token): string {
  switch (token.type) {
    case "heading":
    case "paragraph":
      return inlineText((token as Tokens.Heading | Tokens.Paragraph).tokens);
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? inlineText(text.tokens) : decodeEntities(text.text);
    }
    case "list": {
      const list = token as Tokens.List;
      const first = typeof list.start === "number" ? list.start : 1;
      return list.items
        .map((item, index) => {
          const marker = list.ordered ? `${first + index}.` : "•";
          const body = item.tokens.filter((part) => part.type !== "checkbox");
          const box = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
          return `${marker} ${box}${blocksText(body).replace(/\n+/g, "\n  ")}`;
        })
        .join("\n");
    }
    case "blockquote":
      return blocksText((token as Tokens.Blockquote).tokens);
    case "code":
      return (token as Tokens.Code).text;
    case "table": {
      const table = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inlineText(cell.tokens)).join(" | ");
      return [row(table.header), ...table.rows.map(row)].join("\n");
    }
    case "html":
      return htmlText((token as Tokens.HTML).text);
    default:
      return "";
  }
}

function inlineText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case "text": {
          const text = token as Tokens.Text;
          return text.tokens ? inlineText(text.tokens) : decodeEntities(text.text);
        }
        case "escape":
        case "codespan":
          return (token as Tokens.Escape | Tokens.Codespan).text;
        case "strong":
        case "em":
        case "del":
          return inlineText((token as Tokens.Strong).tokens);
        case "br":
          return "\n";
        case "link": {
          const link = token as Tokens.Link;
          const words = inlineText(link.tokens);
          const address = link.href.replace(/^mailto:/, "");
          return words === address || words === link.href ? words : `${words} (${address})`;
        }
        case "image":
          return (token as Tokens.Image).text;
        case "html":
          return htmlText((token as Tokens.Tag).text);
        default:
          return "raw" in token ? token.raw : "";
      }
    })
    .join("");
}

function htmlText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, "")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  );
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };

/** The characters of the HTML entities organizers type in Markdown (&amp;, &#8212;, &#x2014;). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}
