import { describe, expect, it } from "vitest";
import { parseEventSearch } from "./event-search";

const search = (query: string) => parseEventSearch(new URLSearchParams(query));

describe("an event search's dates", () => {
  it("takes days that exist", () => {
    const parsed = search("date=custom&from=2026-12-05&to=2028-02-29");
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ from: "2026-12-05", to: "2028-02-29" });
  });

  it("refuses impossible days instead of rolling them over, naming the field", () => {
    for (const [query, field] of [
      ["date=custom&from=2026-13-45", "from"],
      ["date=custom&from=2026-02-29", "from"],
      ["date=custom&to=2026-04-31", "to"],
      ["date=custom&from=2026-12-00", "from"],
    ] as const) {
      const parsed = search(query);
      expect(parsed.success, query).toBe(false);
      expect(
        parsed.error!.issues.map((issue) => issue.path.join(".")),
        query,
      ).toContain(field);
    }
  });
});
