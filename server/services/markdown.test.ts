import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

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
