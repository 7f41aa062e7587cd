import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv";

describe("CSV cells", () => {
  it("leave plain text, numbers and empty cells as they are", () => {
    expect(csvCell("Liya Haile")).toBe("Liya Haile");
    expect(csvCell(45)).toBe("45");
    expect(csvCell("45.00")).toBe("45.00");
    expect(csvCell(null)).toBe("");
    expect(csvCell("")).toBe("");
    expect(csvCell("ሊያ ሃይሌ")).toBe("ሊያ ሃይሌ");
  });

  it("quote commas, quotes and line breaks as RFC 4180 does, doubling quotes", () => {
    expect(csvCell("Haile, Liya")).toBe('"Haile, Liya"');
    expect(csvCell('The "Best" Night')).toBe('"The ""Best"" Night"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("put an apostrophe before text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    // Only at the start: inside a cell these are ordinary characters.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("liya+tickets@example.com")).toBe("liya+tickets@example.com");
  });
});

describe("CSV documents", () => {
  it("are a header row and the rows, each ended by CRLF", () => {
    expect(
      csvDocument(
        ["Name", "Price"],
        [
          ["Liya", "45.00"],
          ["=cmd", null],
        ],
      ),
    ).toBe("Name,Price\r\nLiya,45.00\r\n'=cmd,\r\n");
    expect(csvDocument(["Name"], [])).toBe("Name\r\n");
  });
});
