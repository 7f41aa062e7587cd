import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown } from "./markdown";

describe("event descriptions", () => {
  it("keep the formatting organizers use: paragraphs, emphasis, lists, headings and links", () => {
    const html = renderMarkdown("### Lineup\n\n**Doors** at *7*\n\n- one\n- two\n\n[Tickets](https://example.org/t)");
    expect(html).toContain("<h3>Lineup</h3>");
    expect(html).toContain("<strong>Doors</strong> at <em>7</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="https://example.org/t" rel="noopener nofollow ugc" target="_blank">Tickets</a>');
  });

  it("drop scripts, event handlers, javascript: links, images and frames", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
        '\n\n[click](javascript:alert(3)) <a href="https://x.example" onclick="alert(4)">x</a>',
    );
    expect(html).not.toMatch(/<script|onerror|<img|<iframe|javascript:|onclick/i);
    expect(html).toContain(">x</a>");
  });

  it("turns top-level headings into h3, under the page's own headings", () => {
    expect(renderMarkdown("# Big\n\n## Smaller")).toBe("<h3>Big</h3>\n<h3>Smaller</h3>\n");
  });
});

describe("event descriptions as plain text (calendar apps)", () => {
  it("lose their Markdown marks but keep paragraphs, lists, and links' addresses", () => {
    const text = markdownToText(
      "### Lineup\n\n**Doors** at *7* &amp; ~~8~~ `PM`\n\n- one\n- two [tickets](https://example.org/t)\n\n" +
        "1. first\n2. second\n\n> Bring a friend\n\nWrite to [us](mailto:hi@example.org) or https://example.org",
    );
    expect(text).toBe(
      "Lineup\n\nDoors at 7 & 8 PM\n\n• one\n• two tickets (https://example.org/t)\n\n1. first\n2. second\n\n" +
        "Bring a friend\n\nWrite to us (hi@example.org) or https://example.org",
    );
  });

  it("drop HTML tags, and scripts and styles with what they hold", () => {
    expect(markdownToText("<div>Hello <b>there</b><script>alert(1)</script></div>\n\nA \\*star\\*")).toBe(
      "Hello there\n\nA *star*",
    );
  });

  it("keep text that has no Markdown as it is", () => {
    expect(markdownToText("Ethio-jazz: ሌሊት የኢትዮጵያ ጃዝ — ليلة الجاز")).toBe("Ethio-jazz: ሌሊት የኢትዮጵያ ጃዝ — ليلة الجاز");
  });
});
