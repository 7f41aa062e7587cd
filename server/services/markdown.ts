import { marked } from "marked";
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
